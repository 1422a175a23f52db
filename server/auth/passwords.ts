// Password hashing (argon2id with OWASP's parameters) and the password rules of sign-up and reset.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { hash, verify } from '@node-rs/argon2';
import { msg, type Message } from '#server/http/errors.ts';

// OWASP Password Storage Cheat Sheet: argon2id, 19 MiB, 2 iterations, parallelism 1.
const argon2Options = { algorithm: 2 /* Algorithm.Argon2id (a const enum, so spelled out) */, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string): Promise<string> => hash(password, argon2Options);

/** Verifies a password; a malformed stored hash counts as a mismatch, never as an error. */
export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;
/**
 * Spends the same time as a real check when the e-mail is unknown, so login timing does not reveal
 * whether an account exists.
 */
export async function burnPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hashPassword('not-a-real-password-but-same-cost');
  await verifyPassword(await dummyHash, password);
}

const commonPasswords = new Set(
  readFileSync(fileURLToPath(new URL('./common-passwords.txt', import.meta.url)), 'utf8')
    .split('\n')
    .map((line) => line.trim().toLowerCase())
    .filter((line) => line !== '' && !line.startsWith('#')),
);

/** The rules a new password must meet; an empty list means it is acceptable. */
export function passwordProblems(password: string): Message[] {
  const problems: Message[] = [];
  const length = [...password].length;
  if (length < 8) problems.push(msg('api.password.tooShort'));
  if (length > 128) problems.push(msg('api.password.tooLong'));
  if (commonPasswords.has(password.toLowerCase())) problems.push(msg('api.password.tooCommon'));
  if (/^\d+$/.test(password)) problems.push(msg('api.password.numeric'));
  return problems;
}
