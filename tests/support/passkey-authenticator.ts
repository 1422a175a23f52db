// A software passkey for the server tests: an ES256 key made with node:crypto that answers the server's WebAuthn
// options as a browser and its authenticator would (attestation "none"), so no part of our API is mocked.
import { createHash, generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

const sha256 = (data: Buffer | string): Buffer => createHash('sha256').update(data).digest();
const b64 = (data: Uint8Array): string => Buffer.from(data).toString('base64url');

export interface Where {
  origin?: string;
  rpId?: string;
}

export class SoftPasskey {
  readonly credentialId = randomBytes(16);
  private readonly keys = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  private counter = 0;

  constructor(
    private readonly origin = 'http://portal.test',
    private readonly rpId = 'portal.test',
  ) {}

  get id(): string {
    return b64(this.credentialId);
  }

  private coseKey(): Uint8Array {
    const jwk = this.keys.publicKey.export({ format: 'jwk' });
    const coord = (value: string | undefined) => new Uint8Array(Buffer.from(value ?? '', 'base64url'));
    return isoCBOR.encode(new Map<number, number | Uint8Array>([[1, 2], [3, -7], [-1, 1], [-2, coord(jwk.x)], [-3, coord(jwk.y)]]));
  }

  /** rpIdHash, flags (user present and verified, attested credential data at registration), counter, credential. */
  private authData(rpId: string, attested: boolean): Buffer {
    const counter = Buffer.alloc(4);
    counter.writeUInt32BE(this.counter);
    const head = Buffer.concat([sha256(rpId), Buffer.from([0x01 | 0x04 | (attested ? 0x40 : 0)]), counter]);
    if (!attested) return head;
    const length = Buffer.alloc(2);
    length.writeUInt16BE(this.credentialId.length);
    return Buffer.concat([head, Buffer.alloc(16), length, this.credentialId, Buffer.from(this.coseKey())]);
  }

  private clientData(type: string, challenge: string, origin: string): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  /** The answer to registration options (PasskeyAttestation). */
  register(options: { challenge: string }, where: Where = {}) {
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Uint8Array | Map<string, string>>([
        ['fmt', 'none'],
        ['attStmt', new Map<string, string>()],
        ['authData', new Uint8Array(this.authData(where.rpId ?? this.rpId, true))],
      ]),
    );
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64(this.clientData('webauthn.create', options.challenge, where.origin ?? this.origin)),
        attestationObject: b64(attestationObject),
        transports: ['internal'],
      },
      clientExtensionResults: {},
    };
  }

  /** The answer to request options (PasskeyAssertion): a signature over authData and the client data's hash. */
  assert(options: { challenge: string }, where: Where = {}) {
    this.counter += 1;
    const authenticatorData = this.authData(where.rpId ?? this.rpId, false);
    const clientDataJSON = this.clientData('webauthn.get', options.challenge, where.origin ?? this.origin);
    const signature = sign('sha256', Buffer.concat([authenticatorData, sha256(clientDataJSON)]), this.keys.privateKey);
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      response: { clientDataJSON: b64(clientDataJSON), authenticatorData: b64(authenticatorData), signature: b64(signature) },
      clientExtensionResults: {},
    };
  }
}
