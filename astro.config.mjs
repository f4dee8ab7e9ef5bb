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
    // The pseudo-locale is a language of the build only with PSEUDO_LOCALE=1 (contracts/languages.ts):
    // the browser's copy of the registry gets the flag here.
    define: { 'process.env.PSEUDO_LOCALE': JSON.stringify(process.env.PSEUDO_LOCALE ?? '') },
    server: { proxy: { '/api': { target: `http://127.0.0.1:${process.env.PORT ?? 4321}`, changeOrigin: false } } },
    // SOURCEMAP=1 keeps source maps (to see what each chunk holds); never in a deployed build.
    build: { sourcemap: process.env.SOURCEMAP === '1', rolldownOptions: { output: { codeSplitting } } },
  },
  // `npm run dev`: the site with hot reload on 4322, its /api proxied to the API server `npm run dev`
  // starts beside it (PORT, default 4321, with DEV_TOOLS). The Host header is kept, so the API's
  // origin check sees the dev site's own origin.
  server: { port: 4322 },
});
