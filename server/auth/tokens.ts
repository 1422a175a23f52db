// Access and refresh tokens (JWT, HS256 with jose). Access lives minutes and is never a refresh token, nor the reverse.
import { randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';

export interface TokenSettings {
  secret: string;
  accessTtlSeconds: number;
  refreshTtlSeconds: number;
}

export interface VerifiedToken {
  userId: number;
  /** The user's token_version when the token was issued (refresh tokens only; 0 for access). */
  version: number;
  jti: string;
  issuedAt: number;
  expiresAt: number;
}

const ISSUER = 'incubator-portal';

export class TokenService {
  private readonly key: Uint8Array;

  constructor(private readonly settings: TokenSettings, private readonly now: () => Date = () => new Date()) {
    // A key derived for tokens only, so a leaked token key does not also sign reset links or captchas.
    this.key = new TextEncoder().encode(`jwt:${settings.secret}`);
  }

  private async sign(userId: number, typ: 'access' | 'refresh', ttl: number, version = 0): Promise<string> {
    const iat = Math.floor(this.now().getTime() / 1000);
    return new SignJWT(typ === 'refresh' ? { typ, ver: version } : { typ })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(userId))
      .setIssuer(ISSUER)
      .setJti(randomUUID())
      .setIssuedAt(iat)
      .setExpirationTime(iat + ttl)
      .sign(this.key);
  }

  issueAccess(userId: number): Promise<string> {
    return this.sign(userId, 'access', this.settings.accessTtlSeconds);
  }

  issueRefresh(userId: number, version: number): Promise<string> {
    return this.sign(userId, 'refresh', this.settings.refreshTtlSeconds, version);
  }

  /** The token's claims when its signature, issuer, type and expiry hold; otherwise null. */
  async verify(token: string, typ: 'access' | 'refresh'): Promise<VerifiedToken | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        issuer: ISSUER,
        algorithms: ['HS256'],
        currentDate: this.now(),
      });
      const userId = Number(payload.sub);
      if (payload.typ !== typ || !Number.isInteger(userId) || !payload.jti || !payload.iat || !payload.exp) return null;
      const version = typeof payload.ver === 'number' ? payload.ver : 0;
      return { userId, version, jti: payload.jti, issuedAt: payload.iat, expiresAt: payload.exp };
    } catch (error) {
      if (error instanceof joseErrors.JOSEError || error instanceof TypeError) return null;
      throw error;
    }
  }
}
