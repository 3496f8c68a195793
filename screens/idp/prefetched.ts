import * as v from 'valibot';
import type { B2BOAuthAuthorizeStartResponse } from '../../client/api/idp.ts';

/** What the consent screen shows of a start's answer (the browser's, or the server API's: the same fields). */
export type ConsentStart = Pick<B2BOAuthAuthorizeStartResponse, 'client' | 'consent_required' | 'scope_results'>;

/**
 * The consent a site's server has already started for the page it serves: its server API's
 * authorize start (`idp.oauth.authorizeStart` of the Node SDK, with the signed-in user's session
 * token and the page's query), the page's query it was made for, and the project's name. With it
 * stytch-ui/server renders the consent screen itself as the first paint, and the element shows
 * that screen at once instead of asking the provider again from the browser. Only display rests
 * on it: the submit is the browser's, checked by the provider as always.
 */
export interface PrefetchedConsent {
  /** The page's query (`?client_id=…`) the start was made for; any other query is started afresh. */
  request: string;
  /** The start's answer as the server API returns it (its `user` and `request_id` are not needed). */
  start: ConsentStart;
  /** The project's name, as the consent's title names it (the browser's bootstrap is not there yet). */
  projectName: string;
}

const PrefetchedConsentSchema = v.object({
  request: v.string(),
  projectName: v.string(),
  start: v.looseObject({
    client: v.looseObject({
      client_id: v.string(),
      client_type: v.string(),
      client_name: v.string(),
      client_description: v.string(),
      client_logo_url: v.optional(v.string()),
    }),
    consent_required: v.boolean(),
    scope_results: v.array(v.looseObject({ scope: v.string(), is_grantable: v.boolean(), description: v.string() })),
  }),
});

/** The query without its `?`, so `?a=1` and `a=1` name the same request. */
const bare = (query: string) => query.replace(/^\?/, '');

/** `value` as a prefetched consent, or the reason it is not one (a message naming the first bad field). */
export function readPrefetchedConsent(value: unknown): { ok: true; value: PrefetchedConsent } | { ok: false; message: string } {
  const parsed = v.safeParse(PrefetchedConsentSchema, value);
  if (parsed.success) return { ok: true, value: parsed.output };
  const issue = parsed.issues[0];
  const path = issue.path?.map((p) => String(p.key)).join('.') || '(the value)';
  return { ok: false, message: `Invalid prefetchedConsent: ${path}: ${issue.message}` };
}

/** Whether a prefetched consent was made for the page's query `search`. */
export const prefetchedFor = (consent: PrefetchedConsent, search: string): boolean => bare(consent.request) === bare(search);
