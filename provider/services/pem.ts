/*
 * X.509 certificates as people and IdPs hand them over: a PEM block, the same block pasted
 * into a single-line field (the official admin portal's certificate field is one: its line
 * breaks are dropped or become spaces), or the bare base64 body (IdP metadata, some IdP screens).
 */

/** The (first) certificate's base64 body: the PEM markers and every space and line break left out. */
export function certificateBody(text: string): string {
  const block = /-----BEGIN CERTIFICATE-----([\s\S]*?)-----END CERTIFICATE-----/.exec(text);
  return (block ? block[1]! : text).replace(/\s+/g, '');
}

/** The certificate as a PEM block, its body in lines of 64 characters (RFC 7468). */
export function pemCertificate(text: string): string {
  const lines = certificateBody(text).match(/.{1,64}/g) ?? [];
  return `-----BEGIN CERTIFICATE-----\n${lines.join('\n')}\n-----END CERTIFICATE-----`;
}
