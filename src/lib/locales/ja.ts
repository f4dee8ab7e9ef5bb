import type { Namespaces } from '../translate';

/** The ja strings the browser may show: every namespace but the server's own (mail). */
const files = import.meta.glob<Record<string, unknown>>(['../../../locales/ja/*.json', '!**/mail.json'], { eager: true, import: 'default' });
const namespaces: Namespaces = {};
for (const [file, content] of Object.entries(files)) namespaces[file.replace(/^.*\/|\.json$/g, '')] = content;
export default namespaces;
