import { copyFileSync, existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { RaffleDefinitionSchema } from '../../../contracts/raffle';
import { UsageError, type AdminCommand } from '../../admin-command';
import { clock } from '../../clock';
import { AppError } from '../../errors';
import { drawRaffle } from './draw';
import { cancelRaffle, createRaffle, findRaffle, listRaffles } from './service';

/**
 * Operator commands of raffles: raffle:create <file.json>, raffle:list, raffle:cancel <ref>,
 * raffle:draw <ref>. The definition file is validated with the shared contract
 * (contracts/raffle.ts RaffleDefinitionSchema); its `banner` (a path relative to the file) is checked
 * and copied to public/banners/<accountRef>/ (the site serves it; rebuild to ship it, or upload the
 * same file to PUBLIC_CDN_URL/banners/<accountRef>/ when a CDN is configured) and to the built site
 * in SITE_DIR when there is one, so a running server serves it at once.
 */
const BANNER_MAX_BYTES = 2 * 1024 * 1024;
const BANNER_TYPES = /\.(png|jpe?g|webp|svg)$/i;

function looksLikeImage(file: string, bytes: Buffer): boolean {
  const ext = path.extname(file).toLowerCase();
  if (ext === '.png') return bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  if (ext === '.jpg' || ext === '.jpeg') return bytes[0] === 0xff && bytes[1] === 0xd8;
  if (ext === '.webp') return bytes.subarray(0, 4).toString() === 'RIFF' && bytes.subarray(8, 12).toString() === 'WEBP';
  return /<svg[\s>]/.test(bytes.subarray(0, 4096).toString('utf8')) && !/<script/i.test(bytes.toString('utf8'));
}

export const raffleCommands: Record<string, AdminCommand> = {
  'raffle:create': {
    usage: 'raffle:create <file.json>',
    description: 'Create a raffle from a definition file (validated; its banner file is copied).',
    async run({ db, config, out }, args) {
      const [file] = args;
      if (!file) throw new UsageError();
      let raw: unknown;
      try {
        raw = JSON.parse(readFileSync(file, 'utf8'));
      } catch (error) {
        out(`Cannot read ${file}: ${(error as Error).message}`);
        return 1;
      }
      const parsed = RaffleDefinitionSchema.safeParse(raw);
      if (!parsed.success) {
        for (const issue of parsed.error.issues) out(`Invalid ${issue.path.join('.') || 'definition'}: ${issue.message}`);
        return 1;
      }
      const def = parsed.data;
      let bannerSource: string | null = null;
      if (def.banner) {
        bannerSource = path.resolve(path.dirname(file), def.banner);
        const name = path.basename(bannerSource);
        if (!existsSync(bannerSource) || !BANNER_TYPES.test(name)) {
          out(`The banner must be an existing .png, .jpg, .webp or .svg file: ${def.banner}`);
          return 1;
        }
        const size = statSync(bannerSource).size;
        if (size > BANNER_MAX_BYTES || !looksLikeImage(bannerSource, readFileSync(bannerSource))) {
          out(`The banner is not an image of at most ${BANNER_MAX_BYTES} bytes: ${def.banner}`);
          return 1;
        }
        def.bannerFileName = name.replace(/[^A-Za-z0-9_.-]/g, '-');
      }
      try {
        const { ref, commitment } = await createRaffle(db, def);
        out(`Created raffle ${ref}. Commitment (SHA-256 of its server seed): ${commitment}`);
      } catch (error) {
        if (error instanceof AppError) {
          out(`Refused: ${error.message}`);
          return 1;
        }
        throw error;
      }
      if (bannerSource && def.bannerFileName) {
        const targets = [path.resolve('public', 'banners', def.accountRef), path.resolve(config.SITE_DIR, 'banners', def.accountRef)];
        for (const dir of targets) {
          if (dir.startsWith(path.resolve(config.SITE_DIR)) && !existsSync(path.resolve(config.SITE_DIR))) continue;
          if (path.join(dir, def.bannerFileName) === bannerSource) continue;
          mkdirSync(dir, { recursive: true });
          copyFileSync(bannerSource, path.join(dir, def.bannerFileName));
          out(`Banner copied to ${path.join(dir, def.bannerFileName)}`);
        }
        if (process.env.PUBLIC_CDN_URL) out(`Upload the banner to ${process.env.PUBLIC_CDN_URL}/banners/${def.accountRef}/${def.bannerFileName}`);
      }
      return 0;
    },
  },
  'raffle:list': {
    usage: 'raffle:list',
    description: 'List raffles, newest first: ref, status, start, end and draw dates.',
    async run({ db, out }) {
      const rows = await listRaffles(db, clock.now());
      if (rows.length === 0) out('No raffles.');
      for (const r of rows) out(`${r.ref.padEnd(28)} ${r.status.padEnd(10)} ${r.startDateUtc} -> ${r.endDateUtc}, draw ${r.raffleDrawDate}`);
      return 0;
    },
  },
  'raffle:cancel': {
    usage: 'raffle:cancel <ref>',
    description: 'Cancel a raffle that is not drawn yet (it is never drawn; nothing is paid).',
    async run({ db, out }, args) {
      const [ref] = args;
      if (!ref) throw new UsageError();
      const result = await cancelRaffle(db, ref);
      out(result === 'CANCELLED' ? `Cancelled ${ref}.` : result === 'NOT_FOUND' ? `No raffle ${ref}.` : `${ref} is already drawn or cancelled.`);
      return result === 'CANCELLED' ? 0 : 1;
    },
  },
  'raffle:draw': {
    usage: 'raffle:draw <ref>',
    description: 'Draw a due raffle now (its draw date has passed), instead of waiting for the server.',
    async run({ db, out }, args) {
      const [ref] = args;
      if (!ref) throw new UsageError();
      const row = await findRaffle(db, ref);
      if (!row) {
        out(`No raffle ${ref}.`);
        return 1;
      }
      const now = clock.now();
      if (row.status !== 'SCHEDULED') {
        out(`${ref} is ${row.status}: nothing to draw.`);
        return 1;
      }
      if (row.draw_at && row.draw_at > now) {
        out(`${ref} is not due: its draw date is ${row.draw_at.toISOString()}.`);
        return 1;
      }
      const outcome = await drawRaffle(db, Number(row.id), now);
      if (!outcome) {
        out(`${ref} was drawn by another worker.`);
        return 1;
      }
      out(`Drew ${ref}: ${outcome.totalTickets} tickets, ${outcome.winners.length} winners.`);
      for (const w of outcome.winners) out(`  place ${w.place}: holder ${w.holder}, ticket ${w.ticket}, ${w.amount} coins`);
      return 0;
    },
  },
};
