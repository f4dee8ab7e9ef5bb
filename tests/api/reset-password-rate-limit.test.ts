import { describe, expect, it } from 'vitest';
import { createTestApp } from '../support/app';

/** Security (docs/decisions/0005-sessions-csrf-and-security-headers.md): /reset-password is rate limited like forgot-password. On the database the suite runs on. */
const db = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';

describe(`security: /reset-password is rate limited like forgot-password (${db})`, () => {
  it('answers 429 TOO_MANY_REQUESTS past RESET_PASSWORD_RATE_LIMIT per IP', async () => {
    const t = await createTestApp({ RESET_PASSWORD_RATE_LIMIT: '3' });
    try {
      const call = () => t.api({ method: 'POST', url: '/reset-password', payload: { email: 'a@example.test', token: 'guess', password: 'Whatever-123' } });
      for (let i = 0; i < 3; i++) expect((await call()).json().code).toBe('INVALID_RESET_TOKEN');
      const limited = await call();
      expect(limited.statusCode).toBe(429);
      expect(limited.json().code).toBe('TOO_MANY_REQUESTS');
    } finally {
      await t.close();
    }
  });
});
