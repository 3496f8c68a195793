import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, exportSPKI, generateKeyPair, SignJWT, type JWTPayload } from 'jose';

/*
 * Another system that signs the JWTs a site attests (`sessions/attest`): its own key pair,
 * its public key as PEM (for a profile's `pem_files`) and, on demand, as a JWKS served on
 * loopback (for a profile's `jwks_url`). Times come from the caller's clock, so a test that
 * moves the provider's clock signs on the same one.
 */

export interface SignOptions {
  issuer: string;
  audience: string;
  /** The token's iat; its exp is `ttlSeconds` later. */
  now: Date;
  ttlSeconds?: number;
  notBefore?: Date;
  /** The key id in the header (JWKS profiles pick the key by it). */
  kid?: string;
}

export interface TrustedIssuer {
  pem: string;
  sign(claims: JWTPayload, o: SignOptions): Promise<string>;
  /** Serves the public key as a JWKS on 127.0.0.1; `fetches` counts the requests it answered. */
  serveJwks(): Promise<{ url: string; fetches: () => number; close(): Promise<void> }>;
}

export async function trustedIssuer(alg: 'RS256' | 'ES256' = 'RS256', kid = 'key-1'): Promise<TrustedIssuer> {
  const { publicKey, privateKey } = await generateKeyPair(alg, { extractable: true });
  const pem = await exportSPKI(publicKey);
  const jwk = { ...(await exportJWK(publicKey)), kid, alg, use: 'sig' };
  return {
    pem,
    async sign(claims, o) {
      const iat = Math.floor(o.now.getTime() / 1000);
      const jwt = new SignJWT(claims)
        .setProtectedHeader({ alg, kid: o.kid ?? kid })
        .setIssuer(o.issuer)
        .setAudience(o.audience)
        .setIssuedAt(iat)
        .setExpirationTime(iat + (o.ttlSeconds ?? 300));
      if (o.notBefore) jwt.setNotBefore(Math.floor(o.notBefore.getTime() / 1000));
      return jwt.sign(privateKey);
    },
    async serveJwks() {
      let fetches = 0;
      const server = createServer((req, res) => {
        fetches++;
        if (req.url !== '/jwks.json') return void res.writeHead(404).end();
        res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ keys: [jwk] }));
      });
      await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
      return {
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/jwks.json`,
        fetches: () => fetches,
        close: () => new Promise<void>((ok) => server.close(() => ok())),
      };
    },
  };
}
