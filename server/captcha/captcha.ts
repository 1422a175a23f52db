// ALTCHA proof-of-work captcha (self-hosted, no third party): challenges signed with our secret, each solution accepted once.
import { createHmac } from 'node:crypto';
import { createChallenge, verifySolution, type Challenge, type Payload } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { lt } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { spentCaptchas } from '#server/db/schema.ts';

const CHALLENGE_TTL_SECONDS = 10 * 60;

/** A challenge solved by a captcha payload: its signature (the key of spent_captchas) and when it expires. */
export interface SolvedCaptcha {
  signature: string;
  expiresAt: Date;
}

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
   * The challenge a payload (base64 JSON `{challenge, solution}` from the widget) solves, when it is one of ours,
   * unexpired and solved; null otherwise. Spends nothing: see spend() and verifyOnce().
   */
  async solved(payload: string): Promise<SolvedCaptcha | null> {
    let decoded: Payload;
    try {
      decoded = JSON.parse(Buffer.from(payload, 'base64').toString('utf8')) as Payload;
    } catch {
      return null;
    }
    const signature = decoded?.challenge?.signature;
    if (typeof signature !== 'string' || !decoded.solution) return null;
    try {
      const result = await verifySolution({
        challenge: decoded.challenge,
        solution: decoded.solution,
        deriveKey,
        hmacSignatureSecret: this.hmacSecret,
      });
      if (result.verified !== true) return null;
    } catch {
      return null;
    }
    const expiresAt = new Date(((decoded.challenge.parameters.expiresAt ?? 0) * 1000) || this.now().getTime() + CHALLENGE_TTL_SECONDS * 1000);
    return { signature, expiresAt };
  }

  /** Marks a solved challenge used, in the caller's transaction; false when it was used before. */
  async spend(solved: SolvedCaptcha, db: Db = this.db): Promise<boolean> {
    const inserted = await db
      .insert(spentCaptchas)
      .values({ signature: solved.signature, expires_at: solved.expiresAt })
      .onConflictDoNothing()
      .returning({ signature: spentCaptchas.signature });
    // Keep the list of spent challenges short: an expired challenge is refused by its signature anyway.
    await db.delete(spentCaptchas).where(lt(spentCaptchas.expires_at, this.now()));
    return inserted.length === 1;
  }

  /**
   * True when the payload solves one of our challenges that has not expired and was not used before.
   * Marks it used in the caller's transaction.
   */
  async verifyOnce(payload: string, db: Db = this.db): Promise<boolean> {
    const solved = await this.solved(payload);
    return solved !== null && (await this.spend(solved, db));
  }
}
