/** The strings of progression's islands (header level, bell, search, hearts, rows, missions). */
import 'virtual:strings?progress,errors';
