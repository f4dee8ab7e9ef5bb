import { Kysely } from 'kysely';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { createDialect, migrateToLatest } from '../server/db';
import { hashPassword } from '../server/modules/auth/passwords';
const queries: string[] = [];
const db = new Kysely<any>({ dialect: createDialect({}), log: (e) => { if (e.level === 'query') queries.push(`${e.queryDurationMillis.toFixed(2)}ms ${e.query.sql.slice(0, 140)}`); } });
await migrateToLatest(db);
const config = loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', SITE_DIR: './no-site', SEED_DEMO: 'false', SIGNIN_RATE_LIMIT: '1000000', PORT: '0', HOST: '127.0.0.1', SMTP_URL: 'smtp://127.0.0.1:2525', SMS_GATEWAY_URL: 'http://127.0.0.1:9/sms' });
const app = await buildApp({ config, db: db as any });
await db.insertInto('accounts').values({ account_ref: 'acc_x', email: 'x@example.test', display_name: 'x', password_hash: await hashPassword('Secret-123456') }).execute();
for (let i = 0; i < 3; i++) {
  queries.length = 0;
  const res = await app.inject({ method: 'POST', url: `${config.API_BASE}/signin`, headers: { channel: 'WEB' }, payload: { email: 'x@example.test', password: 'Secret-123456', siteRef: 'WEB' } });
  console.log(res.statusCode, queries.length, 'queries'); for (const q of queries) console.log('  ', q);
}
await app.close();
