import { useSetAtom, useStore } from 'jotai';
import { useState, type ComponentProps, type FormEvent } from 'react';
import { useWidgetId } from '../hooks/useWidgetId.ts';
import { RetryCountdown } from './RetryCountdown.tsx';
import { SubmitButton } from './SubmitButton.tsx';
import { useAction } from '../hooks/useAction.ts';
import { useServerTypedValue } from '../hooks/useServerTypedValue.ts';
import { useEarlyPress } from '../hooks/useEarlyPress.ts';
import { mainEmailAtom } from '../state/atoms.ts';
import { isEmail } from './email.ts';
import { useStrings } from '../context.ts';
import { EmailInput } from './EmailInput.tsx';

/**
 * The field of Main's email. The field holds what is typed (uncontrolled) and each keystroke is
 * copied to the store, where the form reads it at submit: a keystroke renders nothing. Held by
 * React, the first one re-rendered the field in the keystroke's own task: 20 ms of script at 4x
 * CPU, where the official UI spends 4 (bench/RESULTS.md). The store keeps the address for the
 * other tabs' forms and for the way back from the next screen, which mount with it.
 */
function MainEmailInput(p: Omit<ComponentProps<typeof EmailInput>, 'value' | 'defaultValue' | 'onValue' | 'inputRef'>) {
  const store = useStore();
  const setEmail = useSetAtom(mainEmailAtom);
  const [initial] = useState(() => store.get(mainEmailAtom));
  const field = useServerTypedValue<HTMLInputElement>(initial, setEmail);
  return <EmailInput {...p} inputRef={field} defaultValue={initial} onValue={setEmail} />;
}

/**
 * Main's email field and 'Continue with email': an address that fails the pattern shows
 * `invalidMessage`; a good one goes to `onEmail`, whose failure shows under the field. The
 * button stays busy after success, since the screen is about to change.
 */
export function EmailEntry({ invalidMessage, autoComplete, onEmail }: { invalidMessage: string; autoComplete: string; onEmail(address: string): Promise<void> }) {
  const t = useStrings();
  const store = useStore();
  const action = useAction();
  const { busy, error, run, fail } = action;
  const id = useWidgetId();
  const form = useEarlyPress();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const email = store.get(mainEmailAtom);
    if (!isEmail(email)) return fail(invalidMessage);
    void run(() => onEmail(email.trim()));
  };

  return (
    // method=dialog: in server markup, before the script arrives, Enter submits nothing (a plain
    // form would reload the page and lose the typing); once hydrated, onSubmit handles it, and
    // a press made after our script came but before hydration is sent then (useEarlyPress).
    <form ref={form} onSubmit={submit} noValidate method="dialog" css={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
      <label htmlFor={`${id}-email`} part="label">
        {t('formField.email.label')}
      </label>
      <MainEmailInput id={id} autoComplete={autoComplete} placeholder={t('formField.email.placeholder')} dir={t.dir} invalid={!!error} />
      <RetryCountdown id={`${id}-error`} action={action} />
      <SubmitButton busy={busy} disabled={action.blocked}>
        {t('button.emailLogin')}
      </SubmitButton>
    </form>
  );
}
