import { useAtom, useSetAtom } from 'jotai';
import { useId, useState, type FormEvent } from 'react';
import { ErrorText } from '../components/ErrorText.tsx';
import { SubmitButton } from '../components/SubmitButton.tsx';
import { requireClient, useWidget } from '../context.ts';
import { useReportError } from '../hooks/useReportError.ts';
import { isEmail } from '../main/email.ts';
import { errorMessageAtom, mainEmailAtom, passwordStateAtom, transitionAtom } from '../state/atoms.ts';

/** Main's password tab: looks the email up, then create, log in or passwordless (SPEC §4). */
export default function PasswordEmailForm() {
  const { client, strings } = useWidget();
  const [email, setEmail] = useAtom(mainEmailAtom);
  const setPassword = useSetAtom(passwordStateAtom);
  const clearBanner = useSetAtom(errorMessageAtom);
  const go = useSetAtom(transitionAtom);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const report = useReportError();
  const id = useId();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    if (!isEmail(email)) return setError(strings.invalidEmailMagicLink);
    setError(undefined);
    setBusy(true);
    try {
      const address = email.trim();
      const { userType } = await requireClient(client).user.search(address);
      setPassword({ email: address, type: userType });
      clearBanner(undefined);
      go('PasswordCreateOrLogin');
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
        autoComplete="username"
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
