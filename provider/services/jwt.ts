import { exportJWK, generateKeyPair, importJWK, jwtVerify, SignJWT, type JWK, type JWTPayload } from 'jose';
import type { Database } from '../db/index.ts';
import { newId } from './ids.ts';

const ALG = 'ES256';
/** A key signs for a day, then stays published for a day more so live JWTs still verify. */
const ROTATE_MS = 24 * 60 * 60 * 1000;
export const JWT_LIFETIME_SECONDS = 5 * 60;

interface Key {
  kid: string;
  createdAt: Date;
  privateKey: CryptoKey;
  publicJwk: JWK;
}

/** Session-JWT signing with keys kept in the database, so several processes share them. */
export class SigningKeys {
  private current: Key | undefined;
  private verifyKeys = new Map<string, CryptoKey>();

  constructor(
    private readonly db: Database,
    private readonly now: () => Date,
  ) {}

  private async load(): Promise<Key> {
    const { rows } = await this.db.query<{ kid: string; private_jwk: JWK; public_jwk: JWK; created_at: Date }>(
      'SELECT kid, private_jwk, public_jwk, created_at FROM signing_keys ORDER BY created_at DESC LIMIT 1',
    );
    const row = rows[0];
    if (row && this.now().getTime() - new Date(row.created_at).getTime() < ROTATE_MS) {
      return { kid: row.kid, createdAt: new Date(row.created_at), privateKey: (await importJWK(row.private_jwk, ALG)) as CryptoKey, publicJwk: row.public_jwk };
    }
    const { privateKey, publicKey } = await generateKeyPair(ALG, { extractable: true });
    const kid = newId('jwk', 'test');
    const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: ALG, use: 'sig' };
    const privateJwk = await exportJWK(privateKey);
    const createdAt = this.now();
    await this.db.query('INSERT INTO signing_keys (kid, private_jwk, public_jwk, created_at) VALUES ($1, $2, $3, $4)', [kid, privateJwk, publicJwk, createdAt]);
    return { kid, createdAt, privateKey, publicJwk };
  }

  private async signingKey(): Promise<Key> {
    if (!this.current || this.now().getTime() - this.current.createdAt.getTime() >= ROTATE_MS) this.current = await this.load();
    return this.current;
  }

  /** Signs a session JWT that expires five minutes from now. */
  async sign(claims: JWTPayload, subject: string, issuer: string, audience: string): Promise<string> {
    const key = await this.signingKey();
    const iat = Math.floor(this.now().getTime() / 1000);
    return new SignJWT(claims)
      .setProtectedHeader({ alg: ALG, kid: key.kid, typ: 'JWT' })
      .setSubject(subject)
      .setIssuer(issuer)
      .setAudience(audience)
      .setIssuedAt(iat)
      .setNotBefore(iat)
      .setExpirationTime(iat + JWT_LIFETIME_SECONDS)
      .sign(key.privateKey);
  }

  /** Verifies a JWT against any published key; null when invalid or expired. */
  async verify(jwt: string, audience: string): Promise<JWTPayload | null> {
    try {
      const { payload } = await jwtVerify(
        jwt,
        async (header) => {
          const kid = header.kid ?? '';
          let key = this.verifyKeys.get(kid);
          if (!key) {
            const { rows } = await this.db.query<{ public_jwk: JWK }>('SELECT public_jwk FROM signing_keys WHERE kid = $1', [kid]);
            if (!rows[0]) throw new Error('unknown key');
            key = (await importJWK(rows[0].public_jwk, ALG)) as CryptoKey;
            this.verifyKeys.set(kid, key);
          }
          return key;
        },
        { audience, currentDate: this.now(), algorithms: [ALG] },
      );
      return payload;
    } catch {
      return null;
    }
  }

  /** The JWKS: every key young enough to have signed a JWT that is still valid. */
  async jwks(): Promise<{ keys: JWK[] }> {
    await this.signingKey();
    const since = new Date(this.now().getTime() - 2 * ROTATE_MS);
    const { rows } = await this.db.query<{ public_jwk: JWK }>('SELECT public_jwk FROM signing_keys WHERE created_at > $1 ORDER BY created_at DESC', [since]);
    return { keys: rows.map((r) => r.public_jwk) };
  }
}
