/**
 * The embedded database's folder belongs to one process at a time (docs/decisions/0014). PGlite
 * does not stop a second process from opening the same DATA_DIR, and two writers on one folder lose
 * writes (an admin command printed "Updated" and the server, holding its own copy of the pages,
 * wrote over it). So:
 *
 * - the process that opens DATA_DIR first creates `DATA_DIR/server.lock` (exclusive create) with its
 *   pid; any other process sees it and does not open the database;
 * - a lock whose pid no longer runs (the holder was killed) is stale: it is said so and taken over;
 * - a server holding DATA_DIR also listens on `DATA_DIR/admin.sock` (a unix socket, mode 0600)
 *   and accepts admin commands there with the secret of `DATA_DIR/admin.token` (mode 0600), so
 *   `npm run admin` runs them inside the server, on its database, live at once.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync, chmodSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';

export const LOCK_FILE = 'server.lock';
export const ADMIN_SOCKET = 'admin.sock';
export const ADMIN_TOKEN = 'admin.token';
const TOKEN_HEADER = 'x-admin-token';

/** A DATA_DIR on disk (not the in-memory database). */
export const onDisk = (dataDir: string | undefined): dataDir is string => !!dataDir && !dataDir.startsWith('memory://');

export interface LockHolder {
  pid: number;
  /** What holds it: a server (which accepts admin commands on its socket) or an admin command. */
  role: 'server' | 'admin';
  startedAt: string;
}

export class DataDirInUse extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: LockHolder,
  ) {
    super(
      `DATA_DIR ${dataDir} is in use by ${holder.role === 'server' ? 'a server' : 'an admin command'} (pid ${holder.pid}, since ${holder.startedAt}); ` +
        `a second process must not open the embedded database. Stop that process first (or, if no such process runs, delete ${path.join(dataDir, LOCK_FILE)}).`,
    );
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, under another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readLock(file: string): LockHolder | null {
  try {
    const holder = JSON.parse(readFileSync(file, 'utf8')) as LockHolder;
    return Number.isInteger(holder.pid) && holder.pid > 0 ? holder : null;
  } catch {
    return null;
  }
}

/** The live process holding DATA_DIR, or null (no lock, or a stale one). */
export function lockHolder(dataDir: string): LockHolder | null {
  const holder = readLock(path.join(dataDir, LOCK_FILE));
  return holder && alive(holder.pid) ? holder : null;
}

export interface DataDirLock {
  release(): void;
}

/**
 * Takes DATA_DIR for this process or throws DataDirInUse. `onStale` hears of a lock left by a
 * process that no longer runs (taken over).
 */
export function lockDataDir(dataDir: string, role: LockHolder['role'], onStale: (holder: LockHolder | null) => void = () => {}): DataDirLock {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, LOCK_FILE);
  const mine: LockHolder = { pid: process.pid, role, startedAt: new Date().toISOString() };
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(file, 'wx', 0o600);
      writeFileSync(fd, JSON.stringify(mine));
      closeSync(fd);
      let released = false;
      return {
        release() {
          if (released) return;
          released = true;
          // Only our own lock: never delete one another process took over meanwhile.
          if (readLock(file)?.pid === process.pid) rmSync(file, { force: true });
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = readLock(file);
      // An unreadable lock may be one being written this instant: look again before calling it stale.
      if (holder === null && attempt === 0) continue;
      if (holder && alive(holder.pid)) throw new DataDirInUse(dataDir, holder);
      onStale(holder);
      rmSync(file, { force: true });
    }
  }
  throw new Error(`DATA_DIR ${dataDir}: could not take ${LOCK_FILE}`);
}

// ---- The local admin channel --------------------------------------------------------------------

export interface AdminResult {
  code: number;
  lines: string[];
}

export type AdminRunner = (argv: string[]) => Promise<AdminResult>;

/**
 * The server side: listens on DATA_DIR/admin.sock and runs the commands it receives (with the
 * token) through `run`. Returns a function that closes it and removes the socket and the token.
 */
export async function serveAdminChannel(dataDir: string, run: AdminRunner): Promise<() => Promise<void>> {
  const socketPath = path.resolve(dataDir, ADMIN_SOCKET);
  const tokenPath = path.join(dataDir, ADMIN_TOKEN);
  const token = randomBytes(32).toString('hex');
  // We hold the lock: a socket or token left here is a killed server's.
  rmSync(socketPath, { force: true });
  rmSync(tokenPath, { force: true });
  writeFileSync(tokenPath, token, { mode: 0o600 });
  const expected = Buffer.from(token);

  const server = http.createServer((req, res) => {
    const answer = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    const given = Buffer.from(String(req.headers[TOKEN_HEADER] ?? ''));
    if (req.method !== 'POST' || req.url !== '/run') return answer(404, { error: 'not found' });
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return answer(401, { error: 'bad token' });
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      raw += chunk;
      if (raw.length > 1_000_000) req.destroy();
    });
    req.on('end', () => {
      let argv: unknown;
      try {
        argv = (JSON.parse(raw) as { argv?: unknown }).argv;
      } catch {
        return answer(400, { error: 'bad body' });
      }
      if (!Array.isArray(argv) || !argv.every((a) => typeof a === 'string')) return answer(400, { error: 'bad body' });
      run(argv).then(
        (result) => answer(200, result),
        (error: Error) => answer(200, { code: 1, lines: [error.message] } satisfies AdminResult),
      );
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => resolve());
  });
  chmodSync(socketPath, 0o600);
  return async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    rmSync(tokenPath, { force: true });
    rmSync(socketPath, { force: true });
  };
}

/** The admin side: runs argv inside the server that holds DATA_DIR. Throws when it cannot reach it. */
export function runInServer(dataDir: string, argv: string[]): Promise<AdminResult> {
  const socketPath = path.resolve(dataDir, ADMIN_SOCKET);
  const tokenPath = path.join(dataDir, ADMIN_TOKEN);
  if (!existsSync(tokenPath)) return Promise.reject(new Error(`no ${ADMIN_TOKEN} in ${dataDir}`));
  const token = readFileSync(tokenPath, 'utf8').trim();
  const body = JSON.stringify({ argv });
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        socketPath,
        method: 'POST',
        path: '/run',
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), [TOKEN_HEADER]: token },
      },
      (res) => {
        let raw = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (raw += c));
        res.on('end', () => {
          if (res.statusCode !== 200) return reject(new Error(`the server refused the command (${res.statusCode}): ${raw}`));
          try {
            resolve(JSON.parse(raw) as AdminResult);
          } catch (error) {
            reject(error as Error);
          }
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}
