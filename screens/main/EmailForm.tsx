import { useAtom } from 'jotai';
import { useId, useState, type FormEvent } from 'react';
import { ErrorText } from '../components/ErrorText.tsx';
import { SubmitButton } from '../components/SubmitButton.tsx';
import { requireClient, useWidget } from '../context.ts';
import { useReportError } from '../hooks/useReportError.ts';
import { mainEmailAtom } from '../state/atoms.ts';
import { isEmail } from './email.ts';
import { sendMagicLink, sendOtp } from './send.ts';
import { useSent } from './useSent.ts';

/** The email form of the login form: a magic link or an email code, by method. */
export function EmailForm({ method }: { method: 'emailMagicLinks' | 'emailOtp' }) {
  const { client, config, strings } = useWidget();
  // With passkeys on, the field also offers saved passkeys (conditional mediation).
  const passkeys = config.products.includes('passkeys');
  const [email, setEmail] = useAtom(mainEmailAtom);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const report = useReportError();
  const sent = useSent();
  const id = useId();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    if (!isEmail(email)) return setError(method === 'emailOtp' ? strings.invalidEmailOtp : strings.invalidEmailMagicLink);
    setError(undefined);
    setBusy(true);
    try {
      const c = requireClient(client);
      const address = email.trim();
      if (method === 'emailMagicLinks') {
        await sendMagicLink(c, config.config, address);
        sent.magicLink(address);
      } else {
        const r = await sendOtp(c, config.config, 'email', address);
        sent.otp('email', r.method_id, address);
      }
    } catch (err) {
      setError(report(err));
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate css={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
      <label htmlFor={`${id}-email`} part="label">
        {strings.emailLabel}
      </label>
      <input
        id={`${id}-email`}
        part="input"
        type="email"
        name="email"
        autoComplete={passkeys ? 'username webauthn' : 'email'}
        placeholder={strings.emailPlaceholder}
        value={email}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => setEmail(e.target.value)}
      />
      <ErrorText id={`${id}-error`} message={error} />
      <SubmitButton busy={busy}>{strings.continueWithEmail}</SubmitButton>
    </form>
  );
}
