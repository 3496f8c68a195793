/** base64url <-> binary for the WebAuthn options and credentials that travel as JSON strings. */

const toB64u = (buf: ArrayBuffer | ArrayBufferView): string => {
  const bytes = buf instanceof ArrayBuffer ? new Uint8Array(buf) : new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength);
  let s = '';
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
};
const fromB64u = (s: string): ArrayBuffer => {
  const bin = atob(s.replace(/-/g, '+').replace(/_/g, '/'));
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out.buffer;
};

type Json = Record<string, unknown>;
const creds = (list: unknown) => (Array.isArray(list) ? list.map((c: Json) => ({ ...c, id: fromB64u(c.id as string) })) : undefined);

/** Creation options from the provider's JSON to what `credentials.create` takes. */
export function creationOptions(json: Json): PublicKeyCredentialCreationOptions {
  const user = json.user as Json;
  return {
    ...json,
    challenge: fromB64u(json.challenge as string),
    user: { ...user, id: fromB64u(user.id as string) },
    excludeCredentials: creds(json.excludeCredentials),
  } as PublicKeyCredentialCreationOptions;
}

/** Request options from the provider's JSON to what `credentials.get` takes. */
export function requestOptions(json: Json): PublicKeyCredentialRequestOptions {
  return { ...json, challenge: fromB64u(json.challenge as string), allowCredentials: creds(json.allowCredentials) } as PublicKeyCredentialRequestOptions;
}

/** A created or asserted credential as the JSON the provider verifies. */
export function credentialJson(c: PublicKeyCredential): string {
  const r = c.response as AuthenticatorResponse & Partial<AuthenticatorAttestationResponse & AuthenticatorAssertionResponse>;
  const response: Json = { clientDataJSON: toB64u(r.clientDataJSON) };
  if (r.attestationObject) {
    response.attestationObject = toB64u(r.attestationObject);
    response.transports = r.getTransports?.() ?? [];
  }
  if (r.authenticatorData) response.authenticatorData = toB64u(r.authenticatorData);
  if (r.signature) response.signature = toB64u(r.signature);
  if (r.userHandle) response.userHandle = toB64u(r.userHandle);
  return JSON.stringify({
    type: c.type,
    id: c.id,
    rawId: toB64u(c.rawId),
    authenticatorAttachment: c.authenticatorAttachment ?? undefined,
    response,
    clientExtensionResults: c.getClientExtensionResults?.() ?? {},
  });
}
