import { ApiError } from '../errors.ts';
import { checksumAddress } from './wallet-signatures.ts';

/** How long a challenge may be signed: SIWE's Expiration Time, and the plain challenge's lifetime. */
export const CHALLENGE_TTL_MS = 10 * 60_000;
/** Clock skew allowed between the caller's issued_at and ours. */
const SKEW_MS = 60_000;

export interface SiweInput {
  uri?: string | undefined;
  chain_id?: string | undefined;
  issued_at?: string | undefined;
  statement?: string | undefined;
  not_before?: string | undefined;
  message_request_id?: string | undefined;
  resources?: string[] | undefined;
}

/** The checked fields of one EIP-4361 message. */
export interface SiweFields {
  domain: string;
  address: string;
  statement?: string | undefined;
  uri: string;
  chainId: string;
  nonce: string;
  issuedAt: Date;
  expiresAt: Date;
  notBefore?: Date | undefined;
  requestId?: string | undefined;
  resources: string[];
}

function invalid(field: string, rule: string): ApiError {
  return new ApiError(400, 'invalid_siwe_params', `siwe_params.${field} ${rule}`);
}

function time(field: string, value: string): Date {
  // RFC 3339 only: Date.parse alone would accept forms a SIWE verifier rejects.
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/.test(value) || Number.isNaN(Date.parse(value))) {
    throw invalid(field, 'must be an RFC 3339 date-time.');
  }
  return new Date(value);
}

/**
 * Checks the caller's SIWE options against the project: the URI must be on one of its
 * authorized origins (its host becomes the message's domain), the chain id a positive
 * integer, issued_at within a minute of now, not_before before expiry. Returns the fields.
 */
export function siweFields(params: SiweInput, address: string, nonce: string, authorizedOrigins: readonly string[], now: Date): SiweFields {
  if (!params.uri) throw invalid('uri', 'is required when the project requires Sign-In With Ethereum.');
  let uri: URL;
  try {
    uri = new URL(params.uri);
  } catch {
    throw invalid('uri', 'must be an absolute URI.');
  }
  if (!authorizedOrigins.includes(uri.origin)) throw invalid('uri', "must be on one of the project's authorized origins.");
  const chainId = params.chain_id ?? '1';
  if (!/^[1-9]\d{0,19}$/.test(chainId)) throw invalid('chain_id', 'must be a positive integer.');
  const issuedAt = params.issued_at === undefined ? now : time('issued_at', params.issued_at);
  if (Math.abs(issuedAt.getTime() - now.getTime()) > SKEW_MS) throw invalid('issued_at', 'must be within a minute of the current time.');
  const expiresAt = new Date(issuedAt.getTime() + CHALLENGE_TTL_MS);
  const notBefore = params.not_before === undefined ? undefined : time('not_before', params.not_before);
  if (notBefore && notBefore >= expiresAt) throw invalid('not_before', 'must be before the expiration time.');
  if (params.statement !== undefined && /[\r\n]/.test(params.statement)) throw invalid('statement', 'must be a single line.');
  if (params.message_request_id !== undefined && /[\r\n]/.test(params.message_request_id)) throw invalid('message_request_id', 'must be a single line.');
  const resources = params.resources ?? [];
  for (const r of resources) {
    if (!URL.canParse(r) || /[\r\n]/.test(r)) throw invalid('resources', 'must be absolute URIs.');
  }
  return {
    domain: uri.host,
    address: checksumAddress(address),
    statement: params.statement,
    uri: uri.href,
    chainId,
    nonce,
    issuedAt,
    expiresAt,
    notBefore,
    requestId: params.message_request_id,
    resources,
  };
}

/** The EIP-4361 message text, field order and wording exactly as the standard gives them. */
export function siweMessage(f: SiweFields): string {
  const lines = [`${f.domain} wants you to sign in with your Ethereum account:`, f.address, ''];
  if (f.statement) lines.push(f.statement, '');
  lines.push(`URI: ${f.uri}`, 'Version: 1', `Chain ID: ${f.chainId}`, `Nonce: ${f.nonce}`, `Issued At: ${f.issuedAt.toISOString()}`, `Expiration Time: ${f.expiresAt.toISOString()}`);
  if (f.notBefore) lines.push(`Not Before: ${f.notBefore.toISOString()}`);
  if (f.requestId) lines.push(`Request ID: ${f.requestId}`);
  if (f.resources.length) lines.push('Resources:', ...f.resources.map((r) => `- ${r}`));
  return lines.join('\n');
}

/** The challenge for wallets signing in without SIWE (and for every Solana wallet). */
export function plainChallenge(projectName: string, type: 'ethereum' | 'solana', address: string, nonce: string, issuedAt: Date): string {
  const shown = type === 'ethereum' ? checksumAddress(address) : address;
  return `${projectName} asks you to sign in with your ${type === 'ethereum' ? 'Ethereum' : 'Solana'} account:\n${shown}\n\nSigning proves you own this wallet and costs nothing.\n\nNonce: ${nonce}\nIssued At: ${issuedAt.toISOString()}`;
}
