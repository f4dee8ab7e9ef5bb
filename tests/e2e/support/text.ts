/** A string matched literally inside a RegExp (a translation with its placeholders cut out, a path). */
export const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
