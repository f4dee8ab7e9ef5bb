import * as OTPAuth from 'otpauth';
import type { StaffRole } from '../../contracts/backoffice-constants';
import { clock } from '../../server/clock';
import { createStaff } from '../../server/modules/backoffice/staff';
import { cookiesFrom, type TestApp } from './app';

/** The TOTP code of a secret at a time (as the staff member's authenticator app shows it). */
export const totpCode = (secret: string, at: number = clock.ms()) =>
  OTPAuth.TOTP.generate({ secret: OTPAuth.Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30, timestamp: at });

export const STAFF_PASSWORD = 'correct horse battery staple 27';

export interface TestStaff {
  email: string;
  role: StaffRole;
  secret: string;
  recoveryCodes: string[];
  /** Cookie header of a signed-in staff session. */
  cookie: string;
  headers: { cookie: string };
}

/** A staff member made through the set-up API. */
export async function enrolStaff(t: TestApp, email: string, role: StaffRole) {
  const { token } = await createStaff(t.testDb.db, { actor: 'test', role: 'cli' }, email, role);
  const setup = await t.api({ method: 'POST', url: '/backoffice/setup', payload: { token, password: STAFF_PASSWORD } });
  if (setup.statusCode !== 200) throw new Error(`setup ${setup.statusCode} ${setup.body}`);
  const { totpSecret } = setup.json() as { totpSecret: string };
  // Enrolled a minute ago (by the server's clock), so the sign-in that follows uses a later, unused code.
  clock.shift(-60_000);
  let confirm: Awaited<ReturnType<TestApp['api']>>;
  try {
    confirm = await t.api({ method: 'POST', url: '/backoffice/setup/confirm', payload: { token, code: totpCode(totpSecret) } });
  } finally {
    clock.reset();
  }
  if (confirm.statusCode !== 200) throw new Error(`confirm ${confirm.statusCode} ${confirm.body}`);
  return { email, role, secret: totpSecret, recoveryCodes: (confirm.json() as { recoveryCodes: string[] }).recoveryCodes };
}

export async function signInStaff(t: TestApp, s: { email: string; secret: string }, code = totpCode(s.secret)) {
  return t.api({ method: 'POST', url: '/backoffice/signin', payload: { email: s.email, password: STAFF_PASSWORD, code } });
}

export async function createTestStaff(t: TestApp, email: string, role: StaffRole): Promise<TestStaff> {
  const s = await enrolStaff(t, email, role);
  const res = await signInStaff(t, s);
  if (res.statusCode !== 200) throw new Error(`signin ${res.statusCode} ${res.body}`);
  const cookie = cookiesFrom(res);
  return { ...s, cookie, headers: { cookie } };
}
