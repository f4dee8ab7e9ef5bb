// @ts-check
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';
import { lobbyLauncher } from './src/lobby/build.ts';
import { precompress } from './scripts/precompress.ts';

// Static output: the API server (server/) serves dist/ and the API from one port.
export default defineConfig({
  output: 'static',
  trailingSlash: 'ignore',
  build: { format: 'directory' },
  i18n: {
    locales: ['ja', 'en'],
    defaultLocale: 'ja',
    routing: { prefixDefaultLocale: false },
  },
  // lobbyLauncher: the tournaments lobby script, built to dist/lobby/launcher.js (PUBLIC_LOBBY_LAUNCHER_URL).
  // precompress last: it compresses the finished output.
  integrations: [react(), lobbyLauncher(), precompress()],
  // SOURCEMAP=1 keeps source maps (to see what each chunk holds); never in a deployed build.
  vite: { plugins: [tailwindcss()], build: { sourcemap: process.env.SOURCEMAP === '1', rolldownOptions: { output: { codeSplitting: { groups: [
    { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|@astrojs[\\/]react)[\\/]/, priority: 3 },
  ] } } } } },
  server: { port: 4322 },
});
