import { createLocalJWKSet, errors as joseErrors, jwtVerify, type JSONWebKeySet, type JWTPayload, type JWTVerifyOptions } from 'jose';
import type { DocumentCache, OutboundFetch } from '../context.ts';

/*
 * Key sets published by someone else (an OIDC issuer's jwks_uri, a trusted auth token
 * profile's jwks_url): fetched through the outbound guard, kept in the shared cache of outside
 * documents by URL, and fetched again when a token names a key the kept copy lacks (the
 * publisher rotated), at most once per cooldown.
 */

/** A key set unknown keys are looked for again in, at most this often (jose's cooldown). */
const KEY_REFRESH_MS = 30_000;

/** The key set at `uri`, kept by URL; `maxAgeMs` asks for a fresher copy. A failed fetch throws `failed(status)` or the outbound error, and nothing is kept. */
export function remoteKeySet(fetch: OutboundFetch, cache: DocumentCache, uri: string, failed: (status: number) => Error, maxAgeMs?: number): Promise<JSONWebKeySet> {
  return cache.get(
    `jwks ${uri}`,
    async () => {
      const res = await fetch(uri, { headers: { Accept: 'application/json' } });
      if (!res.ok) throw failed(res.status);
      const set = (await res.json()) as JSONWebKeySet;
      createLocalJWKSet(set); // throws on anything that is not a key set, so none is kept
      return set;
    },
    maxAgeMs,
  );
}

/**
 * Verifies `jwt` against the key set `keys` loads (`maxAgeMs` undefined: the kept copy); a
 * token signed with a key the copy does not have is tried once more against a copy no older
 * than the cooldown. `anyKid`: the set's keys have no ids (PEM keys), so the token's `kid`
 * picks none and each key of its type is tried. jose's errors pass through for the caller to name.
 */
export async function verifyWithKeySet(jwt: string, keys: (maxAgeMs?: number) => Promise<JSONWebKeySet>, options: JWTVerifyOptions, anyKid = false): Promise<JWTPayload> {
  const verify = async (set: JSONWebKeySet) => {
    const local = createLocalJWKSet(set);
    return (await jwtVerify(jwt, anyKid ? (header, token) => local({ ...header, kid: undefined }, token) : local, options)).payload;
  };
  try {
    return await verify(await keys());
  } catch (e) {
    if (!(e instanceof joseErrors.JWKSNoMatchingKey)) throw e;
    return verify(await keys(KEY_REFRESH_MS));
  }
}
