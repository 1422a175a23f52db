// Access and refresh tokens (JWT, HS256 with jose). Access lives minutes, belongs to the session of a refresh token,
// and is never a refresh token, nor the reverse.
import { createSecretKey, randomUUID, type KeyObject } from 'node:crypto';
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';

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

export class TokenService {
  private readonly key: KeyObject;

  constructor(private readonly settings: TokenSettings, private readonly now: () => Date = () => new Date()) {
    // A key derived for tokens only, so a leaked token key does not also sign reset links or captchas. Held as a
    // KeyObject: jose imports it into WebCrypto once and keeps it, where raw bytes were imported on every sign and verify.
    this.key = createSecretKey(Buffer.from(`jwt:${settings.secret}`, 'utf8'));
  }

  private nowSeconds(): number {
    return Math.floor(this.now().getTime() / 1000);
  }

  private async sign(userId: number, claims: Record<string, unknown>, jti: string, expiresAt: number): Promise<string> {
    return new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(userId))
      .setIssuer(ISSUER)
      .setJti(jti)
      .setIssuedAt(this.nowSeconds())
      .setExpirationTime(expiresAt)
      .sign(this.key);
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

  /** The token's claims when its signature, issuer, type, session and expiry hold; otherwise null. */
  async verify(token: string, typ: 'access' | 'refresh'): Promise<VerifiedToken | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        issuer: ISSUER,
        algorithms: ['HS256'],
        currentDate: this.now(),
      });
      const userId = Number(payload.sub);
      if (payload.typ !== typ || !Number.isSafeInteger(userId) || !payload.jti || !payload.iat || !payload.exp) return null;
      if (typeof payload.ver !== 'number') return null;
      // Access tokens from before sessions were carried have no sid: refused, the client refreshes.
      const sessionId = typ === 'refresh' ? payload.jti : payload.sid;
      if (typeof sessionId !== 'string' || sessionId === '') return null;
      return { userId, version: payload.ver, jti: payload.jti, sessionId, issuedAt: payload.iat, expiresAt: payload.exp };
    } catch (error) {
      if (error instanceof joseErrors.JOSEError || error instanceof TypeError) return null;
      throw error;
    }
  }
}
