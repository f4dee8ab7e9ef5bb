/**
 * Builds the lobby launcher (src/lobby/launcher.ts + launcher.css) into <site>/lobby/ with esbuild
 * (already installed with Vite): one minified IIFE, no eval, so it runs under a strict CSP.
 * Used by the Astro integration below at the end of every `astro build` (also `npm start`'s and the
 * E2E run's builds with their own --outDir), and by the size check in the unit tests.
 */
import { build, type BuildOptions } from 'esbuild';
import type { AstroIntegration } from 'astro';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { SHIPPED_LANGUAGES } from '../../contracts/languages';

const here = (file: string) => fileURLToPath(new URL(file, import.meta.url));

/**
 * The lobby's strings of every language of the registry with a locales/ folder (esbuild bundles
 * without a glob, so the build hands them in: a new language needs no change here or in the launcher;
 * a pseudo-locale's are made from its language's).
 */
const lobbyStrings = () =>
  Object.fromEntries(SHIPPED_LANGUAGES.map((code) => [code, JSON.parse(readFileSync(here(`../../locales/${code}/tournaments.json`), 'utf8')).lobby]));

// The registry's pseudo-locale flag (contracts/languages.ts) is fixed at build time, as in the site's scripts.
const common: BuildOptions = {
  bundle: true,
  minify: true,
  legalComments: 'none',
  charset: 'utf8',
  logLevel: 'warning',
  target: 'es2020',
  define: { 'process.env.PSEUDO_LOCALE': JSON.stringify(process.env.PSEUDO_LOCALE ?? ''), LOBBY_STRINGS: JSON.stringify(lobbyStrings()) },
};

/** Writes lobby/launcher.js and lobby/launcher.css under `outDir`. */
export async function buildLobbyLauncher(outDir: string): Promise<void> {
  await build({ ...common, entryPoints: [here('./launcher.ts')], outfile: `${outDir}/lobby/launcher.js`, format: 'iife' });
  await build({ ...common, entryPoints: [here('./launcher.css')], outfile: `${outDir}/lobby/launcher.css` });
}

export function lobbyLauncher(): AstroIntegration {
  return {
    name: 'lobby-launcher',
    hooks: {
      // `astro dev`: built on each request, so the lobby works in development too.
      'astro:server:setup': ({ server }) => {
        server.middlewares.use(async (req, res, next) => {
          const file = req.url?.split('?')[0];
          if (file !== '/lobby/launcher.js' && file !== '/lobby/launcher.css') return next();
          try {
            const js = file.endsWith('.js');
            const result = await build({
              ...common,
              entryPoints: [here(js ? './launcher.ts' : './launcher.css')],
              format: js ? 'iife' : undefined,
              minify: false,
              write: false,
              outdir: 'lobby',
            });
            res.setHeader('content-type', js ? 'text/javascript; charset=utf-8' : 'text/css; charset=utf-8');
            res.end(result.outputFiles[0].text);
          } catch (error) {
            next(error);
          }
        });
      },
      'astro:build:done': async ({ dir, logger }) => {
        const outDir = fileURLToPath(dir).replace(/\/$/, '');
        await buildLobbyLauncher(outDir);
        logger.info(`lobby launcher written to ${outDir}/lobby/launcher.js`);
      },
    },
  };
}
