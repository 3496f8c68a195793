import { useSetAtom } from 'jotai';
import { useEffect, useId, useState, type FormEvent } from 'react';
import type { Organization } from '../../client/b2b/types.ts';
import { ErrorText } from '../components/ErrorText.tsx';
import { Heading } from '../components/Heading.tsx';
import { isEmail } from '../components/email.ts';
import { signedInAtom, useB2B, useB2BAction, useB2BClient, useB2BGo, useB2BReport, useB2BStrings } from './context.ts';
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

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (busy || lookup.state !== 'found') return;
    const address = email.trim();
    if (!isEmail(address)) return fail(t('error.invalidEmail'));
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
      {lookup.state === 'found' && config.products.includes('passwords') ? (
        <form onSubmit={submit} noValidate css={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
          <label htmlFor={`${id}-email`} part="label">
            {t('formField.email.label')}
          </label>
          <input id={`${id}-email`} part="input" type="email" name="email" autoComplete="username" placeholder={t('formField.email.placeholder')} value={email} onChange={(e) => setEmail(e.target.value)} aria-describedby={error ? `${id}-error` : undefined} />
          <label htmlFor={`${id}-password`} part="label">
            {t('formField.password.label')}
          </label>
          <input id={`${id}-password`} part="input" type="password" name="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} aria-describedby={error ? `${id}-error` : undefined} />
          <ErrorText id={`${id}-error`} message={error} />
          <button type="submit" part="button button-primary" disabled={busy} aria-busy={busy}>
            {t('button.continue')}
          </button>
        </form>
      ) : null}
    </section>
  );
}
