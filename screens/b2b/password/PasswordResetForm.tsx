import { useAtom } from 'jotai';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useWidgetId } from '../../hooks/useWidgetId.ts';
import { RetryCountdown } from '../../components/RetryCountdown.tsx';
import { Heading } from '../../components/Heading.tsx';
import { PasswordField } from '../../components/PasswordField.tsx';
import { ltrFieldCss } from '../../components/ltrField.ts';
import { StrengthIndicator } from '../../components/strength/StrengthIndicator.tsx';
import { useStrengthCheck } from '../../components/strength/useStrengthCheck.ts';
import { useAction } from '../../hooks/useAction.ts';
import { useReportError } from '../../hooks/useReportError.ts';
import { b2bMessages } from '../../i18n/en/b2b.ts';
import { passwordMessages } from '../../i18n/en/password.ts';
import { usePrimaryOutcome } from '../outcome.ts';
import { forgetResetLink, resetLinkAtom } from '../resetLink.ts';
import { localeOf } from '../send.ts';
import { b2bEmailAtom } from '../state.ts';
import { useShowDiscovered } from '../useShowDiscovered.ts';
import { useB2B, useB2BClient, useB2BStrings } from '../widget.ts';
import { formCss } from './styles.ts';

/** The meter's words: the B2B catalog's (with zxcvbn's suggestions) over the login element's. */
const strengthWords = { ...passwordMessages, ...b2bMessages };

/**
 * Password Reset Form: 'Set a new password', with the strength meter and its feedback; Continue
 * waits for the provider to accept the password. From an organization's reset link the password
 * is set by the link (a discovery reset link then lists the organizations); from a login link (a member without a password) the link signs in first and
 * the password is set by session; without a link, by the member's session.
 */
export default function PasswordResetForm() {
  const t = useB2BStrings();
  const { config } = useB2B();
  const client = useB2BClient();
  const report = useReportError();
  const signedIn = usePrimaryOutcome();
  const [link, setLink] = useAtom(resetLinkAtom);
  const [email, setEmail] = useAtom(b2bEmailAtom);
  const showDiscovered = useShowDiscovered();
  const [password, setPassword] = useState('');
  const strength = useStrengthCheck(password);
  const action = useAction();
  const { busy, error, run, fail } = action;
  const id = useWidgetId();
  const started = useRef(false);

  // The token leaves the address bar at once; a login link signs in now (the form then sets the password by session).
  useEffect(() => {
    if (started.current || !link) return;
    started.current = true;
    forgetResetLink();
    if (link.type !== 'multi_tenant_magic_links') return;
    setLink(undefined);
    client.magicLinks
      .authenticate({ magic_links_token: link.token, session_duration_minutes: config.sessionOptions.sessionDurationMinutes, ...localeOf(config, t.locale) })
      .then((r) => {
        // A second factor or another primary one owed: those screens first.
        if (!r.member_session) signedIn(r);
      })
      .then(undefined, (err: unknown) => fail(report(err)));
  }, [link, setLink, client, config, t.locale, signedIn, fail, report]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (action.blocked || !strength.valid) return;
    void run(async () => {
      if (link?.type === 'multi_tenant_passwords') {
        const r = await client.passwords.resetByEmail({
          password_reset_token: link.token,
          password,
          session_duration_minutes: config.sessionOptions.sessionDurationMinutes,
          ...localeOf(config, t.locale),
        });
        setLink(undefined);
        return signedIn(r);
      }
      if (link?.type === 'discovery') {
        // A discovery reset proves the address: its organizations follow, as after a discovery link.
        const r = await client.passwords.discovery.resetByEmail({ password_reset_token: link.token, password });
        setLink(undefined);
        setEmail(r.email_address);
        return showDiscovered(r.discovered_organizations);
      }
      signedIn(await client.passwords.resetBySession({ password }));
    });
  };

  return (
    <section part="container">
      <Heading>{t('password.setNew.title')}</Heading>
      <form onSubmit={submit} noValidate css={formCss}>
        {email ? (
          <>
            <label htmlFor={`${id}-email`} part="label">
              {t('formField.email.label')}
            </label>
            <input id={`${id}-email`} part="input" type="email" name="email" autoComplete="username" dir="ltr" css={ltrFieldCss(t.dir)} value={email} disabled readOnly />
          </>
        ) : null}
        <PasswordField
          id={`${id}-password`}
          label={t('formField.password.label')}
          value={password}
          onChange={setPassword}
          autoComplete="new-password"
          describedBy={`${id}-strength${error ? ` ${id}-error` : ''}`}
          invalid={!!error}
        />
        <StrengthIndicator id={`${id}-strength`} strength={strength} suggestions words={strengthWords} />
        <RetryCountdown id={`${id}-error`} action={action} />
        <button type="submit" part="button button-primary" disabled={action.blocked || !strength.valid} aria-busy={busy}>
          {t('button.continue')}
        </button>
      </form>
    </section>
  );
}
