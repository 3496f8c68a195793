import { useAtom } from 'jotai';
import { ghostButtonCss } from '../../components/linkButton.ts';
import { useId, useState, type FormEvent } from 'react';
import { ErrorText } from '../../components/ErrorText.tsx';
import { ltrFieldCss } from '../../components/ltrField.ts';
import { Heading } from '../../components/Heading.tsx';
import { isEmail } from '../../components/email.ts';
import { useAction } from '../../hooks/useAction.ts';
import { useGo } from '../../hooks/useGo.ts';
import { sendDiscovery } from '../send.ts';
import { SsoAndOAuthButtons } from '../sso/blocks.ts';
import { b2bEmailAtom } from '../state.ts';
import { useB2B, useB2BClient, useB2BStrings } from '../widget.ts';

/** Discovery Main: the work email, then a discovery link or a discovery code (whichever the config offers). */
export default function B2BMain() {
  const t = useB2BStrings();
  const { config } = useB2B();
  const client = useB2BClient();
  const go = useGo();
  // The address sent to stays in the store: back from the next screen, the field shows it.
  const [email, setStored] = useAtom(b2bEmailAtom);
  const [typed, setTyped] = useState(email);
  const { busy, error, run, fail } = useAction();
  const id = useId();
  const link = config.products.includes('emailMagicLinks');
  const code = config.products.includes('emailOtp');

  const send = (method: 'link' | 'code') => {
    const address = typed.trim();
    if (!isEmail(address)) return fail(t('error.invalidEmail'));
    void run(async () => {
      await sendDiscovery(client, config, method, address, t.locale);
      setStored(address);
      go(method === 'link' ? 'EmailConfirmation' : 'EmailOtpEntry');
    });
  };
  // 'Use a password instead': the address typed so far goes with it.
  const usePassword = () => {
    setStored(typed.trim());
    go('PasswordAuthenticate');
  };
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (busy) return;
    // The submitter says which method when both are offered; Enter in the field sends the first.
    const submitter = (e.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    send(submitter?.value === 'code' || !link ? 'code' : 'link');
  };

  if (!link && !code) {
    return (
      <section part="container">
        <Heading>{t('login.title')}</Heading>
        <SsoAndOAuthButtons place="above" />
      </section>
    );
  }
  return (
    <section part="container">
      <Heading>{t('login.title')}</Heading>
      <SsoAndOAuthButtons place="above" />
      <form onSubmit={submit} noValidate css={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
        <label htmlFor={`${id}-email`} part="label">
          {t('formField.email.label')}
        </label>
        <input
          id={`${id}-email`}
          part="input"
          type="email"
          name="email"
          autoComplete="email"
          placeholder={t('formField.email.placeholder')}
          dir="ltr"
          css={ltrFieldCss(t.dir)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
        />
        <ErrorText id={`${id}-error`} message={error} />
        {link && code ? (
          <>
            <button type="submit" part="button button-primary" value="link" disabled={busy} aria-busy={busy}>
              {t('button.emailLink')}
            </button>
            <button type="submit" part="button button-secondary" value="code" disabled={busy} aria-busy={busy}>
              {t('button.emailCode')}
            </button>
          </>
        ) : (
          <button type="submit" part="button button-primary" disabled={busy} aria-busy={busy}>
            {t('button.continue')}
          </button>
        )}
      </form>
      {config.products.includes('passwords') ? (
        <button type="button" part="link-button" css={ghostButtonCss} onClick={usePassword}>
          {t('button.usePassword')}
        </button>
      ) : null}
      <SsoAndOAuthButtons place="below" />
    </section>
  );
}
