import type { ScopeResult } from '../../client/api/idp.ts';
import type { Strings } from '../context.ts';
import type { idpMessages } from '../i18n/en/idp.ts';

/*
 * What the consent screen lists: the official manifest types (`IDPConsentItem`, sections or
 * items, `getIDPConsentManifest`) and the lines this element writes for the scopes when the
 * site gives no generator.
 */

/** One line: its text, and details shown under it on request. A plain string is a line without details. */
export type IDPConsentItem = string | { text: string; details?: string[] };
export interface IDPConsentSection {
  header: string;
  items: IDPConsentItem[];
}
/** Sections with headers, or items (shown under "Allow {clientName} to:"). */
export type IDPConsentScreenManifest = IDPConsentSection[] | IDPConsentItem[];
/** The site's own consent lines for the scopes the app may be given. */
export type IDPConsentManifestGenerator = (input: { scopes: string[]; clientName: string }) => IDPConsentScreenManifest;

type T = Strings<keyof typeof idpMessages>;

/** The scopes the provider defines itself; any other is one of the project's own. */
const STANDARD = new Set(['openid', 'profile', 'email', 'phone', 'full_access', 'offline_access']);

/** Whether the request asks for more than signing in (a project's own scope, or full access): the title says "wants to access". */
export function asksForAccess(scopes: string[]): boolean {
  return scopes.some((s) => !STANDARD.has(s) || s === 'full_access');
}

/** A project's own scope's line: its description from the provider, else "Use the {scope} scope". */
function customLine(result: ScopeResult | undefined, scope: string, t: T): string {
  return result?.description || t('idpConsent.scope.custom', { scope });
}

/** The lines for the scopes the app may be given, in the order the official element lists them. */
export function scopeItems(scopes: string[], results: ScopeResult[], t: T): IDPConsentItem[] {
  const has = (s: string) => scopes.includes(s);
  const items: IDPConsentItem[] = [];
  if (has('openid')) items.push({ text: t('idpConsent.scope.openid'), details: [t('idpConsent.scope.openid.detail')] });
  if (has('profile') || has('email') || has('phone')) {
    const details: string[] = [];
    if (has('profile')) details.push(t('idpConsent.scope.profile.name'));
    if (has('email')) details.push(t('idpConsent.scope.email'));
    if (has('phone')) details.push(t('idpConsent.scope.phone'));
    items.push({ text: t('idpConsent.scope.profile'), details });
  }
  if (has('full_access')) items.push(t('idpConsent.scope.fullAccess'));
  if (has('offline_access')) items.push({ text: t('idpConsent.scope.offlineAccess'), details: [t('idpConsent.scope.offlineAccess.offline'), t('idpConsent.scope.offlineAccess.background')] });
  for (const scope of scopes)
    if (!STANDARD.has(scope))
      items.push(
        customLine(
          results.find((r) => r.scope === scope),
          scope,
          t,
        ),
      );
  return items;
}

/** The lines of scopes the user may not grant (each as the provider or the generic line names it). */
export function ungrantableLines(results: ScopeResult[], t: T): string[] {
  return results.filter((r) => !r.is_grantable).map((r) => (r.scope === 'full_access' ? t('idpConsent.scope.fullAccess') : customLine(r, r.scope, t)));
}

const isSection = (x: unknown): x is IDPConsentSection => typeof x === 'object' && x !== null && 'header' in x && Array.isArray((x as IDPConsentSection).items);

/** A manifest as sections: items alone go under "Allow {clientName} to:". */
export function sectionsOf(manifest: IDPConsentScreenManifest, clientName: string, t: T): IDPConsentSection[] {
  if (manifest.length > 0 && manifest.every(isSection)) return manifest as IDPConsentSection[];
  return [{ header: t('idpConsent.allowClientTo', { clientName }), items: manifest as IDPConsentItem[] }];
}

/**
 * The screen's sections: the site's generator's (one that throws or answers nothing usable
 * falls back, reported), else "{clientName} is requesting to:" over the scope lines.
 */
export function consentSections(
  generator: IDPConsentManifestGenerator | undefined,
  scopes: string[],
  results: ScopeResult[],
  clientName: string,
  t: T,
  report: (error: Error) => void,
): IDPConsentSection[] {
  if (generator) {
    try {
      const made = generator({ scopes, clientName });
      if (Array.isArray(made)) return sectionsOf(made, clientName, t);
      report(new TypeError('getIDPConsentManifest must return an array of sections or items; the default consent lines are shown.'));
    } catch (e) {
      report(e instanceof Error ? e : new Error(String(e)));
    }
  }
  return [{ header: t('idpConsent.requesting', { clientName }), items: scopeItems(scopes, results, t) }];
}
