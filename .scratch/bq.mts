import { Kysely } from 'kysely';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { createDialect, migrateToLatest } from '../server/db';
import { createSession } from '../server/plugins/session';
import { postMovement } from '../server/modules/wallet';
const queries: string[] = [];
const db = new Kysely<any>({ dialect: createDialect({}), log: (e) => { if (e.level === 'query') queries.push(`${e.queryDurationMillis.toFixed(2)}ms ${e.query.sql.slice(0, 300)}`); } });
await migrateToLatest(db);
const config = loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', SITE_DIR: './no-site', SEED_DEMO: 'false', PORT: '0', HOST: '127.0.0.1', SMTP_URL: 'smtp://127.0.0.1:2525', SMS_GATEWAY_URL: 'http://127.0.0.1:9/sms' });
const app = await buildApp({ config, db: db as any });
const account = await db.insertInto('accounts').values({ account_ref: 'acc_x', email: 'x@example.test', display_name: 'x' }).returning('id').executeTakeFirstOrThrow();
await postMovement(db as any, { accountId: account.id, type: 'DAILY_BONUS', amount: 1000, idempotencyKey: 'b:x' });
const { token } = await createSession(db as any, account.id);
for (let i = 0; i < 3; i++) {
  queries.length = 0;
  const res = await app.inject({ method: 'GET', url: `${config.API_BASE}/balance`, headers: { channel: 'WEB', authorization: `Bearer ${token}` } });
  console.log(res.statusCode, res.body, queries.length, 'queries'); for (const q of queries) console.log('  ', q);
}
await app.close();
