import { randomBytes } from 'node:crypto';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { createDb, migrateToLatest } from '../server/db';
import { hashPassword } from '../server/modules/auth/passwords';
import { scratchDatabase } from '../bench/scratch-db';
const pg = process.env.PG ? await scratchDatabase('postgres://postgres@127.0.0.1:5432/postgres') : undefined;
const db = createDb({ databaseUrl: pg?.url });
await migrateToLatest(db);
const config = loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', SITE_DIR: './no-site', SEED_DEMO: 'false', SIGNIN_RATE_LIMIT: '1000000', PORT: '0', HOST: '127.0.0.1', SMTP_URL: 'smtp://127.0.0.1:2525', SMS_GATEWAY_URL: 'http://127.0.0.1:9/sms' });
const app = await buildApp({ config, db });
const address = await app.listen({ port: 0, host: '127.0.0.1' });
await db.insertInto('accounts').values({ account_ref: 'acc_x', email: 'x@example.test', display_name: 'x', password_hash: await hashPassword('Secret-123456') }).execute();
const body = JSON.stringify({ email: 'x@example.test', password: 'Secret-123456', siteRef: 'WEB' });
const N = Number(process.env.N ?? 300);
for (let round = 0; round < 2; round++) {
  const t = process.threadCpuUsage();
  for (let i = 0; i < N; i++) {
    const res = await fetch(`${address}${config.API_BASE}/signin`, { method: 'POST', headers: { channel: 'WEB', 'content-type': 'application/json' }, body });
    await res.text();
  }
  const u = process.threadCpuUsage(t);
  console.log(`main thread CPU per sign-in (incl. fetch client): ${((u.user + u.system) / N).toFixed(0)} µs`);
}
await app.close(); await db.destroy(); await pg?.drop();
