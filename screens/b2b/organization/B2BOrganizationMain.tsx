import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import { useEffect, useState, type FormEvent } from 'react';
import { useWidgetId } from '../../hooks/useWidgetId.ts';
import type { Organization } from '../../../client/b2b/types.ts';
import { ErrorText } from '../../components/ErrorText.tsx';
import { Heading } from '../../components/Heading.tsx';
import { isEmail } from '../../components/email.ts';
import { useAction } from '../../hooks/useAction.ts';
import { useGo } from '../../hooks/useGo.ts';
import { useReportError } from '../../hooks/useReportError.ts';
import { organizationSlugOf } from '../organizationSlug.ts';
import { usePrimaryOutcome } from '../outcome.ts';
import { useShowError } from '../showError.ts';
import { localeOf, sendOrganization } from '../send.ts';
import { SsoAndOAuthButtons } from '../sso/blocks.ts';
import { b2bEmailAtom, b2bOrganizationIdAtom, passwordOrganizationAtom, primaryRequiredAtom } from '../state.ts';
import { useB2B, useB2BClient, useB2BStrings } from '../widget.ts';
import { EmailForm } from '../EmailForm.tsx';

type Lookup = { state: 'loading' } | { state: 'found'; organization: Partial<Organization> & { organization_id: string } } | { state: 'missing'; message: string };

/**
 * Organization Main: 'Continue to {organizationName}' with email and password sign-in, for the
 * slug's organization; or, when an organization asked for another primary factor
 * (`primary_required`), for that one, with only the methods it allows and the address filled in.
 */
export default function B2BOrganizationMain() {
  const t = useB2BStrings();
  const { config } = useB2B();
  const client = useB2BClient();
  const report = useReportError();
  const showError = useShowError();
  const go = useGo();
  const signedIn = usePrimaryOutcome();
  const required = useAtomValue(primaryRequiredAtom);
  // The address sent to stays in the store: back from the next screen (Email Method Selection…), the field shows it.
  const [sentTo, setSentTo] = useAtom(b2bEmailAtom);
  const setOrganizationId = useSetAtom(b2bOrganizationIdAtom);
  const setPasswordOrganization = useSetAtom(passwordOrganizationAtom);
  const [lookup, setLookup] = useState<Lookup>(required ? { state: 'found', organization: required.organization } : { state: 'loading' });
  const [email, setEmail] = useState(required?.email ?? sentTo);
  const [password, setPassword] = useState('');
  const action = useAction();
  const { busy, run, fail } = action;
  const id = useWidgetId();
  const slug = organizationSlugOf(config.organizationSlug, globalThis.location?.pathname ?? '');

  useEffect(() => {
    let live = true;
    if (required) return;
    // No slug, or no organization at it: the Organization sub-view, as the official.
    if (!slug) return showError(undefined, { type: 'Organization' });
    client.organization.getBySlug({ organization_slug: slug }).then(
      (r) => {
        if (!live) return;
        const org = r.organization;
        if (org?.organization_id) setLookup({ state: 'found', organization: org as Partial<Organization> & { organization_id: string } });
        else showError(undefined, { type: 'Organization' });
      },
      (err: unknown) => live && setLookup({ state: 'missing', message: report(err) }),
    );
    return () => {
      live = false;
    };
  }, [client, slug, report, required, showError]);

  // The password screens act in the organization found here.
  const found = lookup.state === 'found' ? lookup.organization : undefined;
  useEffect(() => setPasswordOrganization(found), [found, setPasswordOrganization]);

  const products: readonly string[] = required?.products ?? config.products;
  const passwords = products.includes('passwords');
  const link = products.includes('emailMagicLinks');
  const code = products.includes('emailOtp');
  const emailButtons = emailButtonsOf(link, code, !!required);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (busy || lookup.state !== 'found') return;
    const address = email.trim();
    if (!isEmail(address)) return fail(t('error.invalidEmail'));
    const organizationId = lookup.organization.organization_id;
    // The submitter says which method; Enter in a field uses the form's first (password where offered).
    const method = ((e.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null)?.value || (passwords ? 'password' : emailButtons[0]!.value);
    if (method === 'choose') {
      // Both email products: Email Method Selection asks which, for this organization.
      setSentTo(address);
      setOrganizationId(organizationId);
      return go('EmailMethodSelection');
    }
    if (method !== 'password') {
      return void run(async () => {
        await sendOrganization(client, config, method === 'link' ? 'link' : 'code', organizationId, address, t.locale);
        setSentTo(address);
        setOrganizationId(organizationId);
        go(method === 'link' ? 'EmailConfirmation' : 'EmailOtpEntry');
      });
    }
    void run(async () => {
      signedIn(
        await client.passwords.authenticate({
          organization_id: lookup.organization.organization_id,
          email_address: address,
          password,
          session_duration_minutes: config.sessionOptions.sessionDurationMinutes,
          ...localeOf(config, t.locale),
        }),
      );
    });
  };

  const forgot = () => {
    setSentTo(email.trim());
    go('PasswordForgotForm');
  };

  const title =
    lookup.state === 'found' && lookup.organization.organization_name ? t('organizationLogin.title', { organizationName: lookup.organization.organization_name }) : t('organizationLogin.titleUnknown');
  return (
    <section part="container" aria-busy={lookup.state === 'loading'}>
      <Heading>{title}</Heading>
      {lookup.state === 'missing' ? <ErrorText message={lookup.message} /> : null}
      {found ? <SsoAndOAuthButtons place="above" organization={found} /> : null}
      {lookup.state === 'found' && (passwords || link || code) ? (
        <EmailForm
          id={id}
          email={email}
          onEmail={setEmail}
          password={passwords ? { value: password, onChange: setPassword } : undefined}
          action={action}
          submitLabel={passwords ? t('button.continue') : undefined}
          onSubmit={submit}
          after={
            <>
              {passwords ? (
                <button type="button" part="button button-secondary" onClick={() => forgot()}>
                  {t('link.signupResetPassword')}
                </button>
              ) : null}
              {emailButtons.map((b) => (
                <button key={b.value} type="submit" part={passwords ? 'button button-secondary' : 'button button-primary'} value={b.value} disabled={busy} aria-busy={busy}>
                  {t(b.label)}
                </button>
              ))}
            </>
          }
        />
      ) : null}
      {found ? <SsoAndOAuthButtons place="below" organization={found} /> : null}
    </section>
  );
}

/**
 * The email buttons, as the official: with the address already proven (another primary factor),
 * one per product; else 'Continue with email', which asks which (Email Method Selection) when
 * both are on.
 */
function emailButtonsOf(link: boolean, code: boolean, addressKnown: boolean): { value: 'link' | 'code' | 'choose'; label: 'button.emailLink' | 'button.emailCode' | 'button.continueWithEmail' }[] {
  if (addressKnown) {
    return [...(link ? [{ value: 'link', label: 'button.emailLink' } as const] : []), ...(code ? [{ value: 'code', label: 'button.emailCode' } as const] : [])];
  }
  if (link && code) return [{ value: 'choose', label: 'button.continueWithEmail' }];
  if (link || code) return [{ value: link ? 'link' : 'code', label: 'button.continueWithEmail' }];
  return [];
}
