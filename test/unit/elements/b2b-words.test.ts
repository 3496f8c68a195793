import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { createB2BClient, StytchAPIError } from '../../../client/b2b/index.ts';
import { mountB2B } from '../../../elements/b2b/index.ts';
import type { DiscoveredOrganization } from '../../../client/b2b/types.ts';
import { b2bMessages } from '../../../screens/i18n/en/b2b.ts';
import { mainMessages } from '../../../screens/i18n/en/main.ts';
import { otpMessages } from '../../../screens/i18n/en/otp.ts';
import { b2bWords } from '../../../screens/i18n/b2b.ts';
import { InvalidStringsError } from '../../../screens/i18n/load.ts';
import { createWords } from '../../../screens/i18n/words.ts';
import { pseudo } from '../../../screens/i18n/locales/en-XA.ts';
import { settle } from './helpers.ts';

/*
 * The B2B element's words: its own catalog (the official B2B catalog's ids) in every shipped
 * locale, laid over the shared one, and a site's `strings` for any of its ids.
 */

const discovery = { products: ['emailMagicLinks', 'emailOtp'], authFlowType: 'Discovery' };
// Never called here: Main only renders.
const client = createB2BClient('public-token-test-00000000-0000-4000-8000-000000000000', { baseUrl: 'http://127.0.0.1:9' });

async function mounted(id: string, options: { config?: Record<string, unknown>; strings?: unknown; errors?: Error[] }) {
  await fixture(html`<div id=${id}></div>`);
  const errors = options.errors ?? [];
  const el = mountB2B({
    elementId: `#${id}`,
    config: { ...discovery, ...options.config },
    client,
    strings: options.strings as Record<string, string> | undefined,
    callbacks: { onError: (e) => errors.push(e) },
  });
  await settle(el);
  await waitUntil(() => el.querySelector('h1'), 'no heading');
  return el;
}
const buttons = (el: Element) => [...el.querySelectorAll('button[type="submit"]')].map((b) => b.textContent);

/** What a reader meets on the screen: its text, accessible names, placeholders and alt texts. */
function shown(el: Element): string {
  const attrs = [...el.querySelectorAll('[aria-label], [placeholder], [alt], [title]')].flatMap((n) => ['aria-label', 'placeholder', 'alt', 'title'].map((a) => n.getAttribute(a) ?? ''));
  return [el.textContent ?? '', ...attrs].join('\n');
}

// Words that read the same in French (names, an address, a borrowed word).
const SAME_IN_FRENCH = new Set(['watermark.altText', 'watermark.poweredBy', 'formField.email.placeholder', 'formField.password.label', 'password.requirement.suggestion', 'tab.whatsapp']);
/** The English messages a B2B screen may show, as the literal runs between their parameters. */
const ENGLISH_RUNS = Object.entries({ ...mainMessages, ...otpMessages, ...b2bMessages })
  .filter(([id]) => !SAME_IN_FRENCH.has(id))
  .flatMap(([, text]) => text.split(/\{\w+\}|<\/?\w+>/))
  .map((run) => run.trim())
  .filter((run) => run.length >= 4);
/** `run` as whole words: "Continue" is not found in "Continuer". */
const wholeWords = (run: string) => new RegExp(`(?<!\\p{L})${run.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?!\\p{L})`, 'u');
/** The English runs found on the screen: none when every word is French. */
const englishOn = (el: Element) => {
  const text = shown(el);
  return [...new Set(ENGLISH_RUNS.filter((run) => wholeWords(run).test(text)))];
};

/** The discovery calls, answered here: the screens only read what they return. */
function discoveryClient(orgs: DiscoveredOrganization[]) {
  const c = createB2BClient('public-token-test-00000000-0000-4000-8000-000000000001', { baseUrl: 'http://127.0.0.1:9' });
  const ok = { request_id: 'request-test', status_code: 200 };
  c.magicLinks.email.discovery.send = async () => ({ ...ok });
  c.otps.email.discovery.send = async () => ({ ...ok });
  c.otps.email.discovery.authenticate = async ({ email_address }) => ({ ...ok, intermediate_session_token: 'ist', email_address, discovered_organizations: orgs });
  // An error only the B2B provider answers: its text is in the B2B catalog.
  c.discovery.intermediateSessions.exchange = async () => {
    throw new StytchAPIError({
      status_code: 404,
      error_type: 'intermediate_session_not_found',
      error_message: 'Intermediate session not found.',
      error_url: 'https://stytch.com/docs/api/errors/404',
      request_id: 'request-test',
    });
  };
  return c;
}
const organization = (id: string, name: string) =>
  ({
    organization_id: id,
    organization_name: name,
    organization_slug: id,
    organization_logo_url: '',
    email_allowed_domains: [],
    email_jit_provisioning: 'NOT_ALLOWED',
    email_invites: 'ALL_ALLOWED',
    auth_methods: 'ALL_ALLOWED',
  }) as unknown as DiscoveredOrganization['organization'];
const discovered = (id: string, name: string, type: string): DiscoveredOrganization => ({
  organization: organization(id, name),
  membership: { type, details: null, member: null },
  member_authenticated: false,
  primary_required: null,
  mfa_required: null,
});

async function typeInto(input: HTMLInputElement, text: string): Promise<void> {
  input.focus();
  document.execCommand('insertText', false, text);
}

describe('the B2B words line', () => {
  const words = async (line?: typeof b2bWords) => {
    const w = createWords({
      requested: 'fr',
      strings: undefined,
      report: (e) => {
        throw e;
      },
      line,
    });
    await w.ready;
    return w;
  };

  it('reads the B2B catalog first, then the shared one; the login element never gets the B2B words', async () => {
    const b2b = await words(b2bWords);
    const login = await words();
    // The same id, two products: the official B2B text, and the login element's.
    expect(b2b.text('password.login.title', 'Log in with email and password')).to.equal('Se connecter avec e-mail et mot de passe');
    expect(login.text('password.login.title', 'Log In')).to.equal('Connexion');
    // A B2B-only id: French in the B2B element; the login element has none.
    expect(b2b.text('organizationDiscovery.title', 'Select an organization to continue')).to.equal('Choisissez une organisation pour continuer');
    expect(login.translated('organizationDiscovery.title')).to.equal(undefined);
    // The B2B provider's errors are in the B2B catalog only; the shared ones reach both.
    expect(b2b.translated('error.organizationNotFound')).to.match(/^Organisation introuvable/);
    expect(login.translated('error.organizationNotFound')).to.equal(undefined);
    expect(b2b.translated('error.tooManyRequests')).to.equal(login.translated('error.tooManyRequests'));
    expect(b2b.translated('error.tooManyRequests')).to.be.a('string');
  });
});

describe('<stytch-b2b-ui> words', () => {
  it('en-XA reaches the B2B-only ids: the B2B catalog loads beside the shared one', async () => {
    const el = await mounted('b2b-xa', { config: { locale: 'en-XA' } });
    await waitUntil(() => el.querySelector('h1')?.textContent === pseudo('Sign up or log in'), 'heading not in en-XA');
    expect(buttons(el)).to.deep.equal([pseudo('Continue with email')]);
    expect(el.querySelector('label')?.textContent).to.equal(pseudo('Email'));
  });

  it('applies a site’s strings for a B2B-only id, and refuses only the truly unknown ids and bad values', async () => {
    const errors: Error[] = [];
    const el = await mounted('b2b-strings', {
      errors,
      strings: {
        'button.continueWithEmail': 'Send me a sign-in link',
        'organizationDiscovery.noOrgs.title': '{email} has no team yet',
        // An official B2B id of the consent screen (the consent element's catalog): accepted.
        'idpConsent.button.allow': 'Grant',
        'button.emailCode': 'Code to {nobody}',
        'login.title': 42,
        'no.such.message': 'Hello',
      },
    });
    await waitUntil(() => buttons(el)[0] === 'Send me a sign-in link', 'B2B-only override not applied');
    // The refused ones fall back to the default text.
    expect(el.querySelector('h1')?.textContent).to.equal('Sign up or log in');
    const refused = errors.filter((e): e is InvalidStringsError => e instanceof InvalidStringsError);
    expect(refused.map((e) => e.id).sort()).to.deep.equal(['button.emailCode', 'login.title', 'no.such.message']);
    expect(refused.find((e) => e.id === 'no.such.message')!.message).to.contain('no message has this id');
    expect(refused.find((e) => e.id === 'button.emailCode')!.message).to.contain('{nobody} is not a parameter of this message');
    expect(errors.length).to.equal(refused.length);
  });

  it('a French B2B widget is French throughout: Main, Check your email, the passcode and Discovery', async () => {
    await fixture(html`<div id="b2b-fr"></div>`);
    const errors: Error[] = [];
    const orgs = [discovered('organization-test-1', 'Acme', 'invited_member'), discovered('organization-test-2', 'Globex', 'eligible_to_join_by_email_domain')];
    const el = mountB2B({ elementId: '#b2b-fr', config: { ...discovery, locale: 'fr' }, client: discoveryClient(orgs), callbacks: { onError: (e) => errors.push(e) } });
    await settle(el);
    const h1 = () => el.querySelector('h1')?.textContent;

    await waitUntil(() => h1() === 'Inscription ou connexion', 'Main not in French');
    expect(buttons(el)).to.deep.equal(['Continuer avec l’e-mail']);
    expect(el.querySelector('label')?.textContent).to.equal('E-mail');
    expect(englishOn(el)).to.deep.equal([]);
    // A wrong address: the B2B catalog's error, in French.
    await typeInto(el.querySelector('input')!, 'pas-une-adresse');
    (el.querySelectorAll('button[type="submit"]')[0] as HTMLButtonElement).click();
    await waitUntil(() => el.querySelector('[role="alert"]')?.textContent, 'no error shown');
    expect(el.querySelector('[role="alert"]')?.textContent).to.equal('Le format de l’adresse e-mail n’est pas valide.');
    expect(englishOn(el)).to.deep.equal([]);

    el.querySelector('input')!.select();
    await typeInto(el.querySelector('input')!, 'ana@example.com');
    (el.querySelectorAll('button[type="submit"]')[0] as HTMLButtonElement).click();
    // Both email products: Email Method Selection asks which, in French.
    const choices = () => [...el.querySelectorAll<HTMLButtonElement>('button[part~="button-secondary"]')];
    await waitUntil(() => h1() === 'Choisissez comment continuer', 'Email Method Selection not in French');
    expect(choices().map((b) => b.textContent)).to.deep.equal(['Recevoir un lien de connexion par e-mail', 'Recevoir un code de connexion par e-mail']);
    expect(englishOn(el)).to.deep.equal([]);
    choices()[0]!.click();
    await waitUntil(() => h1() === 'Consultez vos e-mails', 'Check your email not in French');
    expect(el.querySelector('section p')?.textContent).to.equal('Un e-mail a été envoyé à ana@example.com.');
    expect(el.querySelector('section p strong')?.textContent).to.equal('ana@example.com');
    expect(el.querySelector('[part="back"]')?.getAttribute('aria-label')).to.equal('Retour');
    expect(englishOn(el)).to.deep.equal([]);

    (el.querySelector('[part="back"]') as HTMLButtonElement).click();
    await waitUntil(() => h1() === 'Inscription ou connexion', 'not back on Main');
    (el.querySelectorAll('button[type="submit"]')[0] as HTMLButtonElement).click();
    await waitUntil(() => h1() === 'Choisissez comment continuer', 'Email Method Selection not shown again');
    choices()[1]!.click();
    await waitUntil(() => h1() === 'Saisissez le code', 'passcode screen not in French');
    expect(el.querySelector('section p')?.textContent).to.equal('Un code à 6\u00a0chiffres vous a été envoyé à ana@example.com.');
    expect(englishOn(el)).to.deep.equal([]);

    await typeInto(el.querySelector('input')!, '123456');
    await waitUntil(() => h1() === 'Choisissez une organisation pour continuer', 'Discovery not in French');
    expect([...el.querySelectorAll('[part~="organization"]')].map((b) => [...b.querySelectorAll('span')].map((s) => s.textContent))).to.deep.equal([
      ['Acme', 'Accepter l’invitation'],
      ['Globex', 'Rejoindre'],
    ]);
    expect([...el.querySelectorAll('button')].map((b) => b.textContent).at(-1)).to.equal('Créer une organisation');
    expect(englishOn(el)).to.deep.equal([]);
    expect(errors).to.deep.equal([]);

    // The B2B provider's own errors read in French too (the host still gets the provider's error).
    (el.querySelector('[part~="organization"]') as HTMLButtonElement).click();
    await waitUntil(() => el.querySelector('[role="alert"]')?.textContent, 'no error shown');
    expect(el.querySelector('[role="alert"]')?.textContent).to.equal('Cette connexion a expiré ou a déjà été utilisée. Veuillez vous reconnecter.');
    expect(errors.map((e) => (e as StytchAPIError).error_type)).to.deep.equal(['intermediate_session_not_found']);
  });
});
