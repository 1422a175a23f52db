// ALTCHA proof-of-work captcha (self-hosted, no third party): challenges signed with our secret, each solution accepted once.
import { createHmac } from 'node:crypto';
import { createChallenge, verifySolution, type Challenge, type Payload } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { lt } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { spentCaptchas } from '../db/schema.ts';

const CHALLENGE_TTL_SECONDS = 10 * 60;

export class CaptchaService {
  private readonly hmacSecret: string;

  constructor(
    private readonly db: Db,
    secret: string,
    private readonly cost: number,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.hmacSecret = createHmac('sha256', secret).update('captcha').digest('base64url');
  }

  async challenge(): Promise<Challenge> {
    return createChallenge({
      algorithm: 'PBKDF2/SHA-256',
      cost: this.cost,
      deriveKey,
      hmacSignatureSecret: this.hmacSecret,
      expiresAt: Math.floor(this.now().getTime() / 1000) + CHALLENGE_TTL_SECONDS,
    });
  }

  /**
   * True when the payload (base64 JSON `{challenge, solution}` from the widget) solves one of our
   * challenges that has not expired and was not used before. Marks it used in the caller's transaction.
   */
  async verifyOnce(payload: string, db: Db = this.db): Promise<boolean> {
    let decoded: Payload;
    try {
      decoded = JSON.parse(Buffer.from(payload, 'base64').toString('utf8')) as Payload;
    } catch {
      return false;
    }
    const signature = decoded?.challenge?.signature;
    if (typeof signature !== 'string' || !decoded.solution) return false;
    let verified = false;
    try {
      const result = await verifySolution({
        challenge: decoded.challenge,
        solution: decoded.solution,
        deriveKey,
        hmacSignatureSecret: this.hmacSecret,
      });
      verified = result.verified === true;
    } catch {
      return false;
    }
    if (!verified) return false;
    const expiresAt = new Date(((decoded.challenge.parameters.expiresAt ?? 0) * 1000) || this.now().getTime() + CHALLENGE_TTL_SECONDS * 1000);
    const inserted = await db
      .insert(spentCaptchas)
      .values({ signature, expires_at: expiresAt })
      .onConflictDoNothing()
      .returning({ signature: spentCaptchas.signature });
    // Keep the list of spent challenges short: an expired challenge is refused by its signature anyway.
    await db.delete(spentCaptchas).where(lt(spentCaptchas.expires_at, this.now()));
    return inserted.length === 1;
  }
}
