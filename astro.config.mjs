// @ts-check
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';
import { lobbyLauncher } from './src/lobby/build.ts';
import { precompress } from './scripts/precompress.ts';
import { modulePreload } from './scripts/modulepreload.ts';
import { localeStrings } from './scripts/locale-strings.ts';
import { codeSplitting } from './scripts/chunk-groups.ts';
import { LANGUAGES, DEFAULT_LANGUAGE } from './contracts/languages.ts';

// Static output: the API server (server/) serves dist/ and the API from one port.
export default defineConfig({
  output: 'static',
  trailingSlash: 'ignore',
  build: { format: 'directory' },
  i18n: {
    locales: [...LANGUAGES],
    defaultLocale: DEFAULT_LANGUAGE,
    routing: { prefixDefaultLocale: false },
  },
  // lobbyLauncher: the tournaments lobby script, built to dist/lobby/launcher.js (PUBLIC_LOBBY_LAUNCHER_URL).
  // modulePreload: links for the scripts each page runs as it loads (scripts/modulepreload.ts);
  // precompress last: it compresses the finished output.
  integrations: [react(), lobbyLauncher(), modulePreload(), precompress()],
  vite: {
    plugins: [tailwindcss(), localeStrings()],
    // SOURCEMAP=1 keeps source maps (to see what each chunk holds); never in a deployed build.
    build: { sourcemap: process.env.SOURCEMAP === '1', rolldownOptions: { output: { codeSplitting } } },
  },
  server: { port: 4322 },
});
