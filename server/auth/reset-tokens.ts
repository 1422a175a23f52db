// Password-reset links: `uid` (base64url user id) and an HMAC token that dies after 3 days or when the password changes.
import { RESET_LINK_TTL_DAYS } from '#shared/account-constants.ts';
import { createHmac, timingSafeEqual } from 'node:crypto';

const RESET_TTL_SECONDS = RESET_LINK_TTL_DAYS * 24 * 3600;

export const encodeUid = (userId: number): string => Buffer.from(String(userId)).toString('base64url');

/** Largest users.id (a PostgreSQL integer): a uid past it names no account and must not reach a query. */
const MAX_USER_ID = 2_147_483_647;

export function decodeUid(uid: string): number | null {
  const text = Buffer.from(uid, 'base64url').toString('utf8');
  if (!/^[1-9]\d{0,9}$/.test(text)) return null;
  const id = Number(text);
  return id <= MAX_USER_ID ? id : null;
}

function signature(secret: string, userId: number, passwordHash: string, expires: number): string {
  // The password hash is part of the signed text, so setting a new password spends every earlier link.
  return createHmac('sha256', `reset:${secret}`).update(`${userId}:${passwordHash}:${expires}`).digest('base64url');
}

export function makeResetToken(secret: string, userId: number, passwordHash: string, now: Date): string {
  const expires = Math.floor(now.getTime() / 1000) + RESET_TTL_SECONDS;
  return `${expires.toString(36)}-${signature(secret, userId, passwordHash, expires)}`;
}

export function checkResetToken(secret: string, userId: number, passwordHash: string, token: string, now: Date): boolean {
  // Split at the first dash only: the base64url signature may itself contain dashes.
  const dash = token.indexOf('-');
  const expiresText = dash > 0 ? token.slice(0, dash) : '';
  const given = dash > 0 ? token.slice(dash + 1) : '';
  if (!/^[0-9a-z]+$/.test(expiresText)) return false;
  const expires = parseInt(expiresText, 36);
  if (!Number.isSafeInteger(expires) || expires * 1000 < now.getTime()) return false;
  const expected = Buffer.from(signature(secret, userId, passwordHash, expires));
  const actual = Buffer.from(given);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
