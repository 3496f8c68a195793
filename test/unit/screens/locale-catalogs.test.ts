import { expect } from '@open-wc/testing';
import IntlMessageFormat from 'intl-messageformat';
import type { LocaleCatalog } from '../../../screens/i18n/catalog.ts';
import { mainMessages } from '../../../screens/i18n/en/main.ts';
import { restMessages } from '../../../screens/i18n/en/rest.ts';
import ar from '../../../screens/i18n/locales/ar.ts';
import de from '../../../screens/i18n/locales/de.ts';
import es from '../../../screens/i18n/locales/es.ts';
import fr from '../../../screens/i18n/locales/fr.ts';
import he from '../../../screens/i18n/locales/he.ts';
import it_ from '../../../screens/i18n/locales/it.ts';
import ja from '../../../screens/i18n/locales/ja.ts';
import ko from '../../../screens/i18n/locales/ko.ts';
import nl from '../../../screens/i18n/locales/nl.ts';
import pl from '../../../screens/i18n/locales/pl.ts';
import ptBR from '../../../screens/i18n/locales/pt-BR.ts';
import zhCN from '../../../screens/i18n/locales/zh-CN.ts';
import { b2bMessages } from '../../../screens/i18n/en/b2b.ts';
import { b2bErrorMessages } from '../../../screens/i18n/en/b2b-errors.ts';
import b2bAr from '../../../screens/i18n/locales-b2b/ar.ts';
import b2bDe from '../../../screens/i18n/locales-b2b/de.ts';
import b2bEs from '../../../screens/i18n/locales-b2b/es.ts';
import b2bFr from '../../../screens/i18n/locales-b2b/fr.ts';
import b2bHe from '../../../screens/i18n/locales-b2b/he.ts';
import b2bIt from '../../../screens/i18n/locales-b2b/it.ts';
import b2bJa from '../../../screens/i18n/locales-b2b/ja.ts';
import b2bKo from '../../../screens/i18n/locales-b2b/ko.ts';
import b2bNl from '../../../screens/i18n/locales-b2b/nl.ts';
import b2bPl from '../../../screens/i18n/locales-b2b/pl.ts';
import b2bPtBR from '../../../screens/i18n/locales-b2b/pt-BR.ts';
import b2bZhCN from '../../../screens/i18n/locales-b2b/zh-CN.ts';
import { adminMessages } from '../../../screens/i18n/en/b2b-admin.ts';
import adminAr from '../../../screens/i18n/locales-admin/ar.ts';
import adminDe from '../../../screens/i18n/locales-admin/de.ts';
import adminEs from '../../../screens/i18n/locales-admin/es.ts';
import adminFr from '../../../screens/i18n/locales-admin/fr.ts';
import adminHe from '../../../screens/i18n/locales-admin/he.ts';
import adminIt from '../../../screens/i18n/locales-admin/it.ts';
import adminJa from '../../../screens/i18n/locales-admin/ja.ts';
import adminKo from '../../../screens/i18n/locales-admin/ko.ts';
import adminNl from '../../../screens/i18n/locales-admin/nl.ts';
import adminPl from '../../../screens/i18n/locales-admin/pl.ts';
import adminPtBR from '../../../screens/i18n/locales-admin/pt-BR.ts';
import adminZhCN from '../../../screens/i18n/locales-admin/zh-CN.ts';
import { idpMessages } from '../../../screens/i18n/en/idp.ts';
import idpar from '../../../screens/i18n/locales-idp/ar.ts';
import idpde from '../../../screens/i18n/locales-idp/de.ts';
import idpes from '../../../screens/i18n/locales-idp/es.ts';
import idpfr from '../../../screens/i18n/locales-idp/fr.ts';
import idphe from '../../../screens/i18n/locales-idp/he.ts';
import idpit from '../../../screens/i18n/locales-idp/it.ts';
import idpja from '../../../screens/i18n/locales-idp/ja.ts';
import idpko from '../../../screens/i18n/locales-idp/ko.ts';
import idpnl from '../../../screens/i18n/locales-idp/nl.ts';
import idppl from '../../../screens/i18n/locales-idp/pl.ts';
import idpptBR from '../../../screens/i18n/locales-idp/pt-BR.ts';
import idpzhCN from '../../../screens/i18n/locales-idp/zh-CN.ts';

/*
 * The hand-written locales against the English catalog (and the B2B locales against the B2B
 * English): every id and no other, each value
 * valid ICU MessageFormat for its language, with exactly the parameters and tags English
 * uses, and every plural giving each form the language's plural rules can select.
 */

// The whole English catalog: Main's part, from the first load, and the rest, loaded on demand.
const english: Record<string, string> = { ...mainMessages, ...restMessages };

const LOCALES: Record<string, LocaleCatalog> = { es, fr, de, it: it_, 'pt-BR': ptBR, nl, pl, ja, ko, 'zh-CN': zhCN, ar, he };
const B2B_LOCALES: Record<string, Record<string, string>> = {
  es: b2bEs,
  fr: b2bFr,
  de: b2bDe,
  it: b2bIt,
  'pt-BR': b2bPtBR,
  nl: b2bNl,
  pl: b2bPl,
  ja: b2bJa,
  ko: b2bKo,
  'zh-CN': b2bZhCN,
  ar: b2bAr,
  he: b2bHe,
};

const ADMIN_LOCALES: Record<string, Record<string, string>> = {
  es: adminEs,
  fr: adminFr,
  de: adminDe,
  it: adminIt,
  'pt-BR': adminPtBR,
  nl: adminNl,
  pl: adminPl,
  ja: adminJa,
  ko: adminKo,
  'zh-CN': adminZhCN,
  ar: adminAr,
  he: adminHe,
};

// Ids whose text is a name, an address or a word that the language borrows as is.
const SAME_AS_ENGLISH = new Set([
  'tab.whatsapp',
  'watermark.altText',
  'watermark.poweredBy',
  'formField.email.placeholder',
  'tab.email',
  'formField.email.label',
  'crypto.wallet.metamask',
  'crypto.wallet.phantom',
  'crypto.wallet.coinbase',
  'crypto.wallet.binance',
  'passkey.defaultName',
  'formField.password.label',
  // 'Code' is the word in French, German and Dutch too.
  'linkConfirm.codeLabel',
]);
// Also: a file name a language may keep, and the word "No" several languages share.
const B2B_SAME_AS_ENGLISH = new Set([
  'watermark.altText',
  'watermark.poweredBy',
  'formField.email.placeholder',
  'formField.email.label',
  'formField.password.label',
  'password.requirement.suggestion',
  'recoveryCodes.filename.noOrganizationName',
  'recoveryCodes.filename.withOrganizationName',
  'idpLogout.no',
]);

// The admin portal's: product and provider names, protocol acronyms a language keeps as is
// (ACS URL, JWKS URL, Userinfo URL), and words several languages share with English (Status,
// Name, Details, Email, Roles, Actions, Invitations, Active, Optional, Protocol, Issuer, Scopes,
// Single sign-on).
const ADMIN_SAME_AS_ENGLISH = new Set<string>([
  'adminPortal.authMethod.oauthGoogle',
  'adminPortal.authMethod.oauthMicrosoft',
  'adminPortal.authMethod.oauthHubspot',
  'adminPortal.authMethod.oauthSlack',
  'adminPortal.authMethod.oauthGithub',
  'adminPortal.idp.okta',
  'adminPortal.idp.microsoft-entra',
  'adminPortal.idp.google-workspace',
  'adminPortal.sso.acsUrl',
  'adminPortal.sso.jwks_url',
  'adminPortal.sso.userinfo_url',
  'adminPortal.sso.status',
  'adminPortal.members.status',
  'adminPortal.members.name',
  'adminPortal.settings.details',
  'adminPortal.sso.attribute.email',
  'adminPortal.members.email',
  'adminPortal.members.roles',
  'adminPortal.actions',
  'adminPortal.settings.invites',
  'adminPortal.sso.active',
  'adminPortal.settings.mfaOptional',
  'adminPortal.sso.protocol',
  'adminPortal.sso.issuer',
  'adminPortal.sso.scopes',
  'adminPortal.sso.title',
  'adminPortal.authMethod.sso',
]);

// intl-messageformat's element kinds: 1-6 name a parameter (6 is plural), 8 is a tag.
interface El {
  type: number;
  value?: unknown;
  options?: Record<string, { value: El[] }>;
  children?: El[];
  pluralType?: string;
}
const PLURAL = 6;
const TAG = 8;

interface Shape {
  params: Set<string>;
  tags: Set<string>;
  plurals: Array<{ name: string; forms: string[]; ordinal: boolean }>;
}

function shape(message: string, locale: string): Shape {
  const out: Shape = { params: new Set(), tags: new Set(), plurals: [] };
  const walk = (els: readonly El[]) => {
    for (const el of els) {
      if (el.type === TAG) {
        out.tags.add(String(el.value));
        walk(el.children ?? []);
      } else if (el.type >= 1 && el.type <= 6) {
        out.params.add(String(el.value));
        if (el.type === PLURAL) out.plurals.push({ name: String(el.value), forms: Object.keys(el.options ?? {}), ordinal: el.pluralType === 'ordinal' });
        for (const o of Object.values(el.options ?? {})) walk(o.value);
      }
    }
  };
  walk(new IntlMessageFormat(message, locale).getAst() as unknown as El[]);
  return out;
}

const sorted = (s: Set<string>) => [...s].sort();

describe('locale catalogs', () => {
  it('ships the twelve locales the README lists', () => {
    expect(Object.keys(LOCALES).sort()).to.deep.equal(['ar', 'de', 'es', 'fr', 'he', 'it', 'ja', 'ko', 'nl', 'pl', 'pt-BR', 'zh-CN']);
  });

  checkLocales(LOCALES, english, SAME_AS_ENGLISH);
});

const IDP_LOCALES: Record<string, Record<string, string>> = {
  ar: idpar,
  de: idpde,
  es: idpes,
  fr: idpfr,
  he: idphe,
  it: idpit,
  ja: idpja,
  ko: idpko,
  nl: idpnl,
  pl: idppl,
  'pt-BR': idpptBR,
  'zh-CN': idpzhCN,
};

describe('consent element locale catalogs', () => {
  it('ships a consent catalog for every shipped locale', () => {
    expect(Object.keys(IDP_LOCALES).sort()).to.deep.equal(Object.keys(LOCALES).sort());
  });
  // "No" is Dutch and Polish too.
  checkLocales(IDP_LOCALES, idpMessages, new Set(['idpLogout.no']), 'consent ');
});

describe('B2B locale catalogs', () => {
  it('ships a B2B catalog for every shipped locale', () => {
    expect(Object.keys(B2B_LOCALES).sort()).to.deep.equal(Object.keys(LOCALES).sort());
  });
  checkLocales(B2B_LOCALES, { ...b2bErrorMessages, ...b2bMessages }, B2B_SAME_AS_ENGLISH, 'B2B ');
});

describe('admin portal locale catalogs', () => {
  it('ships an admin portal catalog for every shipped locale', () => {
    expect(Object.keys(ADMIN_LOCALES).sort()).to.deep.equal(Object.keys(LOCALES).sort());
  });
  checkLocales(ADMIN_LOCALES, adminMessages, ADMIN_SAME_AS_ENGLISH, 'admin ');
});

function checkLocales(LOCALES: Record<string, Record<string, string>>, english: Record<string, string>, SAME_AS_ENGLISH: Set<string>, line = ''): void {
  for (const [locale, catalog] of Object.entries(LOCALES)) {
    describe(`${line}${locale}`, () => {
      it('has every English id and no other', () => {
        const ids = Object.keys(catalog);
        expect(
          Object.keys(english).filter((id) => !(id in catalog)),
          'missing',
        ).to.deep.equal([]);
        expect(
          ids.filter((id) => !(id in english)),
          'not in English',
        ).to.deep.equal([]);
      });

      it('parses as ICU MessageFormat, with the same parameters and tags as English', () => {
        const problems: string[] = [];
        for (const [id, value] of Object.entries(catalog as Record<string, string>)) {
          if (typeof value !== 'string' || !value.trim()) {
            problems.push(`${id}: empty`);
            continue;
          }
          let own: Shape;
          try {
            own = shape(value, locale);
          } catch (e) {
            problems.push(`${id}: not ICU (${(e as Error).message})`);
            continue;
          }
          const en = shape(english[id]!, 'en');
          if (sorted(own.params).join() !== sorted(en.params).join()) problems.push(`${id}: parameters ${sorted(own.params)} ≠ English ${sorted(en.params)}`);
          if (sorted(own.tags).join() !== sorted(en.tags).join()) problems.push(`${id}: tags ${sorted(own.tags)} ≠ English ${sorted(en.tags)}`);
        }
        expect(problems).to.deep.equal([]);
      });

      it('gives every plural each form the language selects, and formats with sample values', () => {
        const problems: string[] = [];
        const cardinal = new Intl.PluralRules(locale).resolvedOptions().pluralCategories;
        for (const [id, value] of Object.entries(catalog as Record<string, string>)) {
          const { params, plurals } = shape(value, locale);
          for (const p of plurals) {
            const needed = p.ordinal ? new Intl.PluralRules(locale, { type: 'ordinal' }).resolvedOptions().pluralCategories : cardinal;
            const missing = needed.filter((c) => !p.forms.includes(c));
            if (missing.length) problems.push(`${id}: {${p.name}} lacks ${missing.join(', ')}`);
          }
          // Formatting must not throw for any count (0, 1, 2, few, many) or text parameter.
          for (const n of [0, 1, 2, 3, 5, 8, 11, 21, 100]) {
            const values: Record<string, unknown> = { bold: (c: unknown[]) => c.join('') };
            for (const name of params) values[name] = plurals.some((p) => p.name === name) ? n : `x${n}`;
            try {
              new IntlMessageFormat(value, locale).format(values);
            } catch (e) {
              problems.push(`${id} with ${n}: ${(e as Error).message}`);
            }
          }
        }
        expect(problems).to.deep.equal([]);
      });

      it('is a translation: only names and borrowed words read as in English', () => {
        const same = Object.entries(catalog as Record<string, string>).filter(([id, v]) => v === english[id] && !SAME_AS_ENGLISH.has(id));
        expect(same.map(([id]) => id)).to.deep.equal([]);
      });
    });
  }
}
