import { useSetAtom } from 'jotai';
import { useEffect, useId, useState, type FormEvent } from 'react';
import type { Organization } from '../../client/b2b/types.ts';
import { ErrorText } from '../components/ErrorText.tsx';
import { ltrFieldCss } from '../components/ltrField.ts';
import { Heading } from '../components/Heading.tsx';
import { isEmail } from '../components/email.ts';
import { b2bEmailAtom, b2bOrganizationIdAtom, signedInAtom, useB2B, useB2BAction, useB2BClient, useB2BGo, useB2BReport, useB2BStrings } from './context.ts';
import { organizationSlugOf } from './organizationSlug.ts';
import { signedInFrom } from './signIn.ts';

type Lookup = { state: 'loading' } | { state: 'found'; organization: Partial<Organization> & { organization_id: string } } | { state: 'missing'; message: string };

/** Organization Main: 'Continue to {organizationName}' for the slug's organization, with email and password sign-in. */
export default function B2BOrganizationMain() {
  const t = useB2BStrings();
  const { config } = useB2B();
  const client = useB2BClient();
  const report = useB2BReport();
  const go = useB2BGo();
  const setSignedIn = useSetAtom(signedInAtom);
  const setSentTo = useSetAtom(b2bEmailAtom);
  const setOrganizationId = useSetAtom(b2bOrganizationIdAtom);
  const [lookup, setLookup] = useState<Lookup>({ state: 'loading' });
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const { busy, error, run, fail } = useB2BAction();
  const id = useId();
  const slug = organizationSlugOf(config.organizationSlug, globalThis.location?.pathname ?? '');

  useEffect(() => {
    let live = true;
    if (!slug) {
      setLookup({ state: 'missing', message: t('error.organization') });
      return;
    }
    client.organization.getBySlug({ organization_slug: slug }).then(
      (r) => {
        if (!live) return;
        const org = r.organization;
        setLookup(org?.organization_id ? { state: 'found', organization: org as Partial<Organization> & { organization_id: string } } : { state: 'missing', message: t('error.organization') });
      },
      (err: unknown) => live && setLookup({ state: 'missing', message: report(err) }),
    );
    return () => {
      live = false;
    };
  }, [client, slug, t, report]);

  const passwords = config.products.includes('passwords');
  const link = config.products.includes('emailMagicLinks');
  const code = config.products.includes('emailOtp');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (busy || lookup.state !== 'found') return;
    const address = email.trim();
    if (!isEmail(address)) return fail(t('error.invalidEmail'));
    const organizationId = lookup.organization.organization_id;
    // The submitter says which method; Enter in a field uses the form's first (password where offered).
    const method = ((e.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null)?.value || (passwords ? 'password' : link ? 'link' : 'code');
    if (method !== 'password') {
      return void run(async () => {
        if (method === 'link') {
          const o = config.emailMagicLinksOptions;
          await client.magicLinks.email.loginOrSignup({
            organization_id: organizationId,
            email_address: address,
            ...(o.loginRedirectURL ? { login_redirect_url: o.loginRedirectURL } : {}),
            ...(o.signupRedirectURL ? { signup_redirect_url: o.signupRedirectURL } : {}),
          });
        } else {
          await client.otps.email.loginOrSignup({ organization_id: organizationId, email_address: address });
        }
        setSentTo(address);
        setOrganizationId(organizationId);
        go(method === 'link' ? 'EmailConfirmation' : 'EmailOtpEntry');
      });
    }
    void run(async () => {
      const r = await client.passwords.authenticate({
        organization_id: lookup.organization.organization_id,
        email_address: address,
        password,
        session_duration_minutes: config.sessionOptions.sessionDurationMinutes,
      });
      setSignedIn(signedInFrom(r));
      go('LoggedIn');
    });
  };

  const title = lookup.state === 'found' && lookup.organization.organization_name ? t('organizationLogin.title', { organizationName: lookup.organization.organization_name }) : t('organizationLogin.titleUnknown');
  return (
    <section part="container" aria-busy={lookup.state === 'loading'}>
      <Heading>{title}</Heading>
      {lookup.state === 'missing' ? <ErrorText message={lookup.message} /> : null}
      {lookup.state === 'found' && (passwords || link || code) ? (
        <form onSubmit={submit} noValidate css={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
          <label htmlFor={`${id}-email`} part="label">
            {t('formField.email.label')}
          </label>
          <input id={`${id}-email`} part="input" type="email" name="email" autoComplete="username" placeholder={t('formField.email.placeholder')} dir="ltr" css={ltrFieldCss(t.dir)} value={email} onChange={(e) => setEmail(e.target.value)} aria-describedby={error ? `${id}-error` : undefined} />
          {passwords ? (
            <>
              <label htmlFor={`${id}-password`} part="label">
                {t('formField.password.label')}
              </label>
              <input id={`${id}-password`} part="input" type="password" name="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} aria-describedby={error ? `${id}-error` : undefined} />
            </>
          ) : null}
          <ErrorText id={`${id}-error`} message={error} />
          {passwords ? (
            <button type="submit" part="button button-primary" value="password" disabled={busy} aria-busy={busy}>
              {t('button.continue')}
            </button>
          ) : null}
          {link ? (
            <button type="submit" part={passwords ? 'button button-secondary' : 'button button-primary'} value="link" disabled={busy} aria-busy={busy}>
              {t('button.emailLink')}
            </button>
          ) : null}
          {code ? (
            <button type="submit" part="button button-secondary" value="code" disabled={busy} aria-busy={busy}>
              {t('button.emailCode')}
            </button>
          ) : null}
        </form>
      ) : null}
    </section>
  );
}
