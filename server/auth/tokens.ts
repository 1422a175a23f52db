// Access and refresh tokens (JWT, HS256 with fast-jwt). Access lives minutes, belongs to the session of a refresh
// token, and is never a refresh token, nor the reverse.
import { randomUUID } from 'node:crypto';
import { createSigner, createVerifier, TokenError } from 'fast-jwt';

export interface TokenSettings {
  secret: string;
  accessTtlSeconds: number;
  refreshTtlSeconds: number;
}

export interface VerifiedToken {
  userId: number;
  /** The user's token_version when the session began: a password reset bumps it and ends every session. */
  version: number;
  jti: string;
  /**
   * The session the token belongs to: a refresh token's own jti, and an access token's `sid` (the jti of the
   * refresh token it came with or from). Logout revokes that jti, which ends the session's access tokens too.
   */
  sessionId: string;
  issuedAt: number;
  expiresAt: number;
}

/** The session an access token is issued for: the refresh token's jti, the token version and its expiry. */
export interface SessionRef {
  id: string;
  version: number;
  /** The refresh token's expiry (seconds): an access token never outlives its session's row in revoked_tokens. */
  expiresAt: number;
}

const ISSUER = 'incubator-portal';
/** Time to type a code after the password was right. */
export const CHALLENGE_TTL_SECONDS = 300;

export class TokenService {
  private readonly signPayload: (payload: Record<string, unknown>) => string;
  private readonly checkSignature: (token: string) => Record<string, unknown>;

  constructor(private readonly settings: TokenSettings, private readonly now: () => Date = () => new Date()) {
    // A key derived for tokens only, so a leaked token key does not also sign reset links or captchas. fast-jwt signs
    // and verifies with node:crypto's HMAC synchronously; WebCrypto's asynchronous jobs (jose) cost a fifth of a
    // refresh's CPU (docs/decisions/012-speed.md). The key bytes are the same, so tokens issued before still verify.
    const key = Buffer.from(`jwt:${settings.secret}`, 'utf8');
    this.signPayload = createSigner({ key, algorithm: 'HS256' });
    // Expiry is checked in verify() against this service's clock (which tests move); fast-jwt's is fixed at creation.
    this.checkSignature = createVerifier({ key, algorithms: ['HS256'], allowedIss: ISSUER, ignoreExpiration: true });
  }

  private nowSeconds(): number {
    return Math.floor(this.now().getTime() / 1000);
  }

  private async sign(userId: number, claims: Record<string, unknown>, jti: string, expiresAt: number): Promise<string> {
    // iat from this service's clock: fast-jwt keeps a payload's own iat.
    return this.signPayload({ ...claims, sub: String(userId), iss: ISSUER, jti, iat: this.nowSeconds(), exp: expiresAt });
  }

  /** A new session (sign-in): its refresh token, and a first access token bound to it. */
  async issueSession(userId: number, version: number): Promise<{ access: string; refresh: string }> {
    const session: SessionRef = { id: randomUUID(), version, expiresAt: this.nowSeconds() + this.settings.refreshTtlSeconds };
    return {
      access: await this.issueAccess(userId, session),
      refresh: await this.sign(userId, { typ: 'refresh', ver: version }, session.id, session.expiresAt),
    };
  }

  /** An access token of an existing session (sign-in or refresh): it ends when the session ends. */
  issueAccess(userId: number, session: SessionRef): Promise<string> {
    const expiresAt = Math.min(this.nowSeconds() + this.settings.accessTtlSeconds, session.expiresAt);
    return this.sign(userId, { typ: 'access', sid: session.id, ver: session.version }, randomUUID(), expiresAt);
  }

  /**
   * A sign-in's second step (docs/decisions/049-second-factor.md): names the account and its token version, lives
   * minutes, and is neither an access nor a refresh token. Its session id is its own jti: it opens no session.
   */
  issueChallenge(userId: number, version: number): Promise<string> {
    const jti = randomUUID();
    return this.sign(userId, { typ: 'challenge', sid: jti, ver: version }, jti, this.nowSeconds() + CHALLENGE_TTL_SECONDS);
  }

  /** The token's claims when its signature, issuer, type, session and expiry hold; otherwise null. */
  async verify(token: string, typ: 'access' | 'refresh' | 'challenge'): Promise<VerifiedToken | null> {
    let payload: Record<string, unknown>;
    try {
      payload = this.checkSignature(token);
    } catch (error) {
      if (error instanceof TokenError) return null;
      throw error;
    }
    const userId = Number(payload.sub);
    if (payload.typ !== typ || typeof payload.sub !== 'string' || !Number.isSafeInteger(userId)) return null;
    const { jti, iat, exp, ver } = payload;
    if (typeof jti !== 'string' || jti === '' || typeof iat !== 'number' || typeof exp !== 'number' || typeof ver !== 'number') return null;
    if (exp <= this.nowSeconds()) return null;
    // Access tokens from before sessions were carried have no sid: refused, the client refreshes.
    const sessionId = typ === 'refresh' ? jti : payload.sid;
    if (typeof sessionId !== 'string' || sessionId === '') return null;
    return { userId, version: ver, jti, sessionId, issuedAt: iat, expiresAt: exp };
  }
}
