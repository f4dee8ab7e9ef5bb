/**
 * Build-time compression of the site: every text file of the build gets a .br (brotli, quality 11)
 * and a .gz (gzip, level 9) sibling, which the server's static plugin sends as they are to clients
 * that accept them (server/plugins/site.ts, preCompressed). Compressing once at the highest level
 * costs nothing per request. The plain files stay: the CSP hashes are read from the .html files and
 * a client that accepts no encoding gets them.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { AstroIntegration } from 'astro';

/** Text formats worth compressing (images and fonts are already compressed formats). */
export const COMPRESSIBLE = /\.(?:html|js|mjs|css|svg|json|txt|xml|webmanifest|map|ico)$/i;
/** Below this a compressed file saves less than a network packet. */
const MIN_BYTES = 256;

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? files(full) : [full];
  });
}

/** Writes file.br and file.gz next to every compressible file of dir; returns bytes before and after (brotli). */
export function precompressSite(dir: string): { files: number; bytes: number; brotli: number; gzip: number } {
  const total = { files: 0, bytes: 0, brotli: 0, gzip: 0 };
  for (const file of files(dir)) {
    if (!COMPRESSIBLE.test(file)) continue;
    const data = readFileSync(file);
    if (data.length < MIN_BYTES) continue;
    const br = brotliCompressSync(data, {
      params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT, [zlib.BROTLI_PARAM_SIZE_HINT]: data.length },
    });
    const gz = gzipSync(data, { level: 9 });
    writeFileSync(`${file}.br`, br);
    writeFileSync(`${file}.gz`, gz);
    total.files += 1;
    total.bytes += data.length;
    total.brotli += br.length;
    total.gzip += gz.length;
  }
  return total;
}

/** The Astro integration: compresses the output once the build is done. */
export function precompress(): AstroIntegration {
  return {
    name: 'coin-casino:precompress',
    hooks: {
      'astro:build:done': ({ dir, logger }) => {
        // The highest levels take a while (ten seconds or more on a busy machine): say so first.
        logger.info('compressing the text files (brotli and gzip at their highest levels)...');
        const t = precompressSite(fileURLToPath(dir));
        const kib = (n: number) => `${(n / 1024).toFixed(0)} KiB`;
        logger.info(`${t.files} files compressed: ${kib(t.bytes)} -> brotli ${kib(t.brotli)}, gzip ${kib(t.gzip)}`);
      },
    },
  };
}
