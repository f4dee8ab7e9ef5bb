/** `import 'virtual:strings?games.lobby,errors'`: the strings a module shows, in the page's language (scripts/locale-strings.ts). */
declare module 'virtual:strings?*' {}
