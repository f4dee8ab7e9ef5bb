/**
 * The strings of progression's islands (header level, bell, search, hearts, rows, missions). Not the
 * levels page's (LevelsProgress imports the whole namespace) and not the error catalogue (the API
 * client loads it with the first failure).
 */
import 'virtual:strings?progress.header,progress.bell,progress.notice,progress.tier,progress.search,progress.missions,progress.rows,progress.heart,progress.daily';
