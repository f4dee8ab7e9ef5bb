import { readFileSync } from 'node:fs';
import { hash, verify } from '@node-rs/argon2';

/** @node-rs/argon2's Algorithm.Argon2id (an ambient const enum, which verbatimModuleSyntax cannot import). */
const ARGON2ID = 2;

/** argon2id at OWASP's minimum (19 MiB, t=2, p=1). Changing these only affects new hashes. */
export const ARGON2_OPTIONS = { algorithm: ARGON2ID, memoryCost: 19 * 1024, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, ARGON2_OPTIONS);

/** False (never throws) for a wrong password or an unreadable hash. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password, ARGON2_OPTIONS);
  } catch {
    return false;
  }
}

/**
 * A hash of a random password, verified against when the email is unknown, so an unknown email costs
 * the same time as a wrong password and sign-in timing does not tell which emails have accounts.
 */
let dummyHash: Promise<string> | undefined;
export async function burnVerifyTime(password: string): Promise<void> {
  dummyHash ??= hashPassword(`dummy-${Math.random()}`);
  await verifyPassword(await dummyHash, password);
}

const commonPasswords: Set<string> = new Set(
  readFileSync(new URL('./common-passwords.txt', import.meta.url), 'utf8')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#')),
);

/** On the shipped list of the most common passwords (case-insensitive). */
export const isCommonPassword = (password: string) => commonPasswords.has(password.toLowerCase());
