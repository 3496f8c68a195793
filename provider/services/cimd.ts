import type { ProviderContext } from '../context.ts';
import type { Queryable } from '../db/index.ts';
import { ApiError } from '../errors.ts';
import { checkRedirectUrl, findClient, type ClientRow } from './connected-apps.ts';
import { OutboundError } from './outbound.ts';

/*
 * Client ID Metadata Documents (draft-ietf-oauth-client-id-metadata-document, the MCP
 * authorization spec's preferred registration): a `client_id` that is an https URL names a
 * JSON document, fetched through the outbound guard (public addresses only, one deadline,
 * a size cap), whose own `client_id` must be that URL. The client it describes is kept as a
 * third-party public client (every user is asked; no secret), fetched again once its own
 * max-age or the shared cache of outside documents (ctx.outsideCache: bounded, expiring) has
 * let it go. Off unless the project turns it on (`connectedApps.clientIdMetadataDocuments`).
 */

export const CIMD_CREATION_METHOD = 'CLIENT_ID_METADATA_DOCUMENT';
/** The draft's advice: a metadata document is small. */
const MAX_DOCUMENT_BYTES = 5 * 1024;
/** How long a fetched document is believed: its max-age, within these bounds. */
const MIN_CACHE_SECONDS = 60;
const MAX_CACHE_SECONDS = 24 * 60 * 60;
const DEFAULT_CACHE_SECONDS = 5 * 60;
/** Whether `clientId` names a metadata document: an https URL with a path, no fragment, user info or dot segments. */
export function isMetadataUrl(clientId: string): boolean {
  if (!clientId.startsWith('https://')) return false;
  try {
    const url = new URL(clientId);
    return url.pathname !== '/' && url.hash === '' && !clientId.includes('#') && url.username === '' && url.password === '' && !/\/\.\.?(\/|$)/.test(clientId.slice(8));
  } catch {
    return false;
  }
}

function cacheSeconds(header: string | null): number {
  const maxAge = /(?:^|,)\s*max-age=(\d+)/i.exec(header ?? '')?.[1];
  const seconds = maxAge === undefined ? DEFAULT_CACHE_SECONDS : Number(maxAge);
  return Math.min(MAX_CACHE_SECONDS, Math.max(MIN_CACHE_SECONDS, seconds));
}

const refused = (url: string, why: string) =>
  new ApiError(400, 'invalid_client', `The client's metadata document at ${url} cannot be used: ${why}`, {}, { error: 'invalid_client', error_description: why });

/** Fetches and checks the document; the fields of the client it describes. */
async function fetchDocument(ctx: ProviderContext, url: string): Promise<{ name: string; redirects: string[]; logo: string; seconds: number }> {
  let res: Response;
  try {
    res = await ctx.outbound(url, { headers: { Accept: 'application/json' }, redirect: 'error' });
  } catch (e) {
    // The outbound guard's one message: the caller learns no more about the network than that.
    throw refused(url, e instanceof OutboundError ? e.message : 'it could not be fetched.');
  }
  if (res.status !== 200) throw refused(url, `it answered HTTP ${res.status}.`);
  const text = await res.text();
  if (Buffer.byteLength(text) > MAX_DOCUMENT_BYTES) throw refused(url, `it is larger than ${MAX_DOCUMENT_BYTES} bytes.`);
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch {
    throw refused(url, 'it is not JSON.');
  }
  if (typeof doc !== 'object' || doc === null || Array.isArray(doc)) throw refused(url, 'it is not a JSON object.');
  const d = doc as Record<string, unknown>;
  if (d.client_id !== url) throw refused(url, 'its client_id is not its own URL.');
  if ('client_secret' in d || 'client_secret_expires_at' in d) throw refused(url, 'it carries a client secret.');
  const method = d.token_endpoint_auth_method ?? 'none';
  if (method !== 'none') throw refused(url, 'its token_endpoint_auth_method must be none (a public client).');
  const redirects = d.redirect_uris;
  if (!Array.isArray(redirects) || redirects.length === 0 || redirects.length > 20 || redirects.some((r) => typeof r !== 'string')) {
    throw refused(url, 'redirect_uris must be an array of 1 to 20 URLs.');
  }
  for (const r of redirects as string[]) {
    try {
      checkRedirectUrl('redirect_uris', r);
    } catch (e) {
      throw refused(url, e instanceof Error ? e.message : 'a redirect URI is not valid.');
    }
  }
  const name = d.client_name === undefined ? '' : d.client_name;
  if (typeof name !== 'string' || name.length > 200) throw refused(url, 'client_name must be a string of at most 200 characters.');
  const logo = d.logo_uri === undefined ? '' : d.logo_uri;
  if (typeof logo !== 'string' || (logo !== '' && !/^https:\/\/\S+$/.test(logo))) throw refused(url, 'logo_uri must be an https URL.');
  return { name, redirects: redirects as string[], logo, seconds: cacheSeconds(res.headers.get('cache-control')) };
}

/**
 * The client a metadata URL names: the stored one while its document is fresh, else the
 * document fetched again and stored (so grants, codes and tokens refer to one row).
 * `db` should be no transaction: the fetch may take the outbound deadline.
 */
export async function metadataClient(ctx: ProviderContext, db: Queryable, url: string): Promise<ClientRow> {
  const key = `client-metadata:${url}`;
  const asked = ctx.clock.now().getTime();
  const load = async () => ({ ...(await fetchDocument(ctx, url)), fetchedAt: ctx.clock.now().getTime() });
  let doc = await ctx.outsideCache.get(key, load);
  // The document's own max-age, inside the cache's expiry: past it, the document is fetched again.
  if (asked - doc.fetchedAt >= doc.seconds * 1000) doc = await ctx.outsideCache.get(key, load, 0);
  if (doc.fetchedAt < asked) {
    const row = await findClient(db, url);
    if (row) return row;
  }
  const { rows } = await db.query<ClientRow>(
    `INSERT INTO connected_apps (client_id, client_type, client_name, redirect_urls, logo_url, access_token_expiry_minutes, creation_method, created_at)
     VALUES ($1, 'third_party_public', $2, $3, $4, $5, $6, $7)
     ON CONFLICT (client_id) DO UPDATE SET client_name = $2, redirect_urls = $3, logo_url = $4
     WHERE connected_apps.creation_method = $6
     RETURNING *`,
    [url, doc.name, JSON.stringify(doc.redirects), doc.logo, ctx.config.connectedApps.accessTokenMinutes, CIMD_CREATION_METHOD, new Date(asked)],
  );
  // A client made otherwise under the same id (by the server API) is never overwritten by a document.
  const row = rows[0] ?? (await findClient(db, url));
  if (!row) throw refused(url, 'it could not be stored.');
  return row;
}

/** Fetches a metadata client's document ahead of a transaction, so none waits on the network inside one. */
export async function prepareClient(ctx: ProviderContext, clientId: string): Promise<void> {
  if (ctx.config.connectedApps.clientIdMetadataDocuments && isMetadataUrl(clientId)) await metadataClient(ctx, ctx.db, clientId);
}
