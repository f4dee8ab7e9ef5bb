// @ts-check
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';
import { lobbyLauncher } from './src/lobby/build.ts';

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
  integrations: [react(), lobbyLauncher()],
  vite: { plugins: [tailwindcss()] },
  server: { port: 4322 },
});
