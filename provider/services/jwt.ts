import { createPrivateKey, createPublicKey, generateKeyPairSync, sign as signBytes, verify as verifyBytes, type JsonWebKey, type KeyObject } from 'node:crypto';
import type { JWK, JWTPayload } from 'jose';
import type { Database, Queryable } from '../db/index.ts';
import { newId } from './ids.ts';
import type { SecretBox } from './secrets.ts';

const ALG = 'ES256';
/** A key signs for a day, then stays published for a day more so live JWTs still verify. */
const ROTATE_MS = 24 * 60 * 60 * 1000;
export const JWT_LIFETIME_SECONDS = 5 * 60;
/**
 * A JWT signed for exactly the same claims this recently is handed out again rather than
 * signed anew: a session check that changed nothing (services/session-family.ts) would
 * otherwise pay an ES256 signature for a JWT differing only in `iat`. It expires at most this
 * much sooner than a fresh one would.
 */
export const JWT_REUSE_SECONDS = 30;
/** Bounds the memory of reusable JWTs and of verified ones; the oldest is forgotten first. */
const REUSE_ENTRIES = 10_000;

interface Key {
  kid: string;
  createdAt: Date;
  privateKey: KeyObject;
  publicJwk: JWK;
}

/** Session-JWT signing with keys kept in the database, so several processes share them. */
export class SigningKeys {
  private current: Key | undefined;
  private verifyKeys = new Map<string, KeyObject>();
  /** Recently signed JWTs by their claims (subject, issuer, audience and the rest). */
  private recent = new Map<string, { jwt: string; iat: number; kid: string }>();
  /** JWTs whose signature held, by their text, with their claims (oldest forgotten first). */
  private verified = new Map<string, JWTPayload>();

  constructor(
    private readonly db: Database,
    private readonly now: () => Date,
    private readonly secrets: SecretBox,
  ) {}

  /** The private half is stored sealed under the row's kid; rows from before sealing are plain JWKs. */
  private privateKey(kid: string, stored: JWK | { sealed: string }) {
    const jwk = 'sealed' in stored && typeof stored.sealed === 'string' ? (JSON.parse(this.secrets.open(stored.sealed, kid)) as JWK) : (stored as JWK);
    return createPrivateKey({ key: jwk as JsonWebKey, format: 'jwk' });
  }

  private async load(q: Queryable): Promise<Key> {
    const { rows } = await q.query<{ kid: string; private_jwk: JWK | { sealed: string }; public_jwk: JWK; created_at: Date }>(
      'SELECT kid, private_jwk, public_jwk, created_at FROM signing_keys ORDER BY created_at DESC LIMIT 1',
    );
    const row = rows[0];
    if (row && this.now().getTime() - new Date(row.created_at).getTime() < ROTATE_MS) {
      return { kid: row.kid, createdAt: new Date(row.created_at), privateKey: this.privateKey(row.kid, row.private_jwk), publicJwk: row.public_jwk };
    }
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const kid = newId('jwk', 'test');
    const publicJwk: JWK = { ...(publicKey.export({ format: 'jwk' }) as JWK), kid, alg: ALG, use: 'sig' };
    const privateJwk = { sealed: this.secrets.seal(JSON.stringify(privateKey.export({ format: 'jwk' })), kid) };
    const createdAt = this.now();
    await q.query('INSERT INTO signing_keys (kid, private_jwk, public_jwk, created_at) VALUES ($1, $2, $3, $4)', [kid, privateJwk, publicJwk, createdAt]);
    return { kid, createdAt, privateKey, publicJwk };
  }

  /** `q` is the caller's transaction when there is one: the embedded database has a single connection. */
  private async signingKey(q: Queryable): Promise<Key> {
    if (!this.current || this.now().getTime() - this.current.createdAt.getTime() >= ROTATE_MS) this.current = await this.load(q);
    return this.current;
  }

  /**
   * Signs a session JWT that expires five minutes from now, or hands back the one signed for
   * the same claims less than JWT_REUSE_SECONDS ago. ES256 through node:crypto on a cached key
   * object: WebCrypto's promise job cost more main-thread time than the signature.
   */
  async sign(q: Queryable, claims: JWTPayload, subject: string, issuer: string, audience: string): Promise<string> {
    const key = await this.signingKey(q);
    const iat = Math.floor(this.now().getTime() / 1000);
    const body = JSON.stringify(claims);
    const cacheKey = `${subject}\n${issuer}\n${audience}\n${body}`;
    const reuse = this.recent.get(cacheKey);
    if (reuse && reuse.kid === key.kid && iat >= reuse.iat && iat - reuse.iat < JWT_REUSE_SECONDS) return reuse.jwt;
    const header = b64json({ alg: ALG, kid: key.kid, typ: 'JWT' });
    const payload = b64json({ ...claims, sub: subject, iss: issuer, aud: audience, iat, nbf: iat, exp: iat + JWT_LIFETIME_SECONDS });
    const input = `${header}.${payload}`;
    const signature = signBytes('sha256', Buffer.from(input), { key: key.privateKey, dsaEncoding: 'ieee-p1363' });
    const jwt = `${input}.${signature.toString('base64url')}`;
    this.recent.delete(cacheKey);
    this.recent.set(cacheKey, { jwt, iat, kid: key.kid });
    if (this.recent.size > REUSE_ENTRIES) this.recent.delete(this.recent.keys().next().value!);
    return jwt;
  }

  /**
   * Signs `payload` as it is (its own iat, exp, aud): the connected apps' access and ID tokens,
   * whose lifetimes and audiences are the client's, not a session's. Same keys, same JWKS.
   */
  async signPayload(q: Queryable, payload: JWTPayload): Promise<string> {
    const key = await this.signingKey(q);
    const input = `${b64json({ alg: ALG, kid: key.kid, typ: 'JWT' })}.${b64json(payload)}`;
    const signature = signBytes('sha256', Buffer.from(input), { key: key.privateKey, dsaEncoding: 'ieee-p1363' });
    return `${input}.${signature.toString('base64url')}`;
  }

  /**
   * Verifies a JWT against any published key; null when malformed, forged, expired or for
   * another audience. `ignoreExpiry`: the server API refreshes a JWT past its `exp` when the
   * signature holds and its session is still live.
   */
  async verify(jwt: string, audience: string, ignoreExpiry = false): Promise<JWTPayload | null> {
    const payload = this.verified.get(jwt) ?? (await this.verifySignature(jwt));
    if (!payload) return null;
    const now = Math.floor(this.now().getTime() / 1000);
    if (typeof payload.exp !== 'number' || (payload.exp <= now && !ignoreExpiry)) return null;
    if (typeof payload.nbf === 'number' && payload.nbf > now) return null;
    const aud = Array.isArray(payload.aud) ? payload.aud : [payload.aud];
    // A copy: the remembered payload is shared by every later check of the same JWT.
    return aud.includes(audience) ? { ...payload } : null;
  }

  /**
   * The claims of a JWT whose signature holds, remembered by the JWT's text: a key once known
   * stays known to this process (verifyKeys), so the same text verifies the same way again,
   * and a resource server introspecting one access token on each of its calls pays one ES256
   * verification, not one a call. Expiry and audience are checked on every use.
   */
  private async verifySignature(jwt: string): Promise<JWTPayload | null> {
    const parts = jwt.split('.');
    if (parts.length !== 3) return null;
    const header = parseJson(parts[0]!);
    const payload = parseJson(parts[1]!) as JWTPayload | null;
    if (!header || !payload || header.alg !== ALG || typeof header.kid !== 'string') return null;
    const key = await this.verifyKey(header.kid);
    if (!key) return null;
    const ok = verifyBytes('sha256', Buffer.from(`${parts[0]}.${parts[1]}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(parts[2]!, 'base64url'));
    if (!ok) return null;
    this.verified.set(jwt, payload);
    if (this.verified.size > REUSE_ENTRIES) this.verified.delete(this.verified.keys().next().value!);
    return payload;
  }

  private async verifyKey(kid: string): Promise<KeyObject | null> {
    let key = this.verifyKeys.get(kid);
    if (!key) {
      const { rows } = await this.db.query<{ public_jwk: JWK }>('SELECT public_jwk FROM signing_keys WHERE kid = $1', [kid]);
      if (!rows[0]) return null;
      key = createPublicKey({ key: rows[0].public_jwk as JsonWebKey, format: 'jwk' });
      this.verifyKeys.set(kid, key);
    }
    return key;
  }

  /** The JWKS: every key young enough to have signed a JWT that is still valid. */
  async jwks(): Promise<{ keys: JWK[] }> {
    await this.signingKey(this.db);
    const since = new Date(this.now().getTime() - 2 * ROTATE_MS);
    const { rows } = await this.db.query<{ public_jwk: JWK }>('SELECT public_jwk FROM signing_keys WHERE created_at > $1 ORDER BY created_at DESC', [since]);
    return { keys: rows.map((r) => r.public_jwk) };
  }
}

function b64json(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

function parseJson(segment: string): Record<string, unknown> | null {
  try {
    const v: unknown = JSON.parse(Buffer.from(segment, 'base64url').toString('utf8'));
    return v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
