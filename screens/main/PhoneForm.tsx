import { useId, useState, type FormEvent } from 'react';
import { RetryCountdown } from '../components/RetryCountdown.tsx';
import { PhoneField } from '../components/PhoneField.tsx';
import { SubmitButton } from '../components/SubmitButton.tsx';
import { useWidget, useStrings } from '../context.ts';
import { requireClient } from '../hooks/requireClient.ts';
import { useAction } from '../hooks/useAction.ts';
import { sendOtp } from '../send/send.ts';
import { useSent } from '../send/useSent.ts';

export { US_EXAMPLE } from '../components/PhoneField.tsx';

/** The phone form for SMS and WhatsApp codes: the shared phone field, then the code is sent. */
export function PhoneForm({ channel }: { channel: 'sms' | 'whatsapp' }) {
  const { client, config } = useWidget();
  const t = useStrings();
  const [region, setRegion] = useState('US');
  const [phone, setPhone] = useState('');
  const action = useAction();
  const { busy, error, run, fail } = action;
  const sent = useSent();
  const id = useId();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    if (!/\d/.test(phone)) return fail(t('errors.invalidPhoneNumber'));
    void run(async () => {
      const c = requireClient(client);
      const parsed = await c.phone.parse(phone, region);
      if (!parsed.isValid) return fail(t('errors.invalidPhoneNumber'));
      const r = await sendOtp(c, config, channel, parsed.number, t.locale);
      sent.otp(channel, r.method_id, parsed.number);
    });
  };

  return (
    // method=dialog: in server markup, before the script arrives, Enter submits nothing (a plain
    // form would reload the page and lose the typing); once hydrated, onSubmit handles it.
    <form onSubmit={submit} noValidate method="dialog" css={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
      <PhoneField
        id={`${id}-phone`}
        region={region}
        setRegion={setRegion}
        phone={phone}
        setPhone={setPhone}
        errorId={error ? `${id}-error` : undefined}
        autoComplete={config.products.includes('passkeys') ? 'tel-national webauthn' : 'tel-national'}
        example={client?.phone?.example}
      />
      <RetryCountdown id={`${id}-error`} action={action} />
      <SubmitButton busy={busy} disabled={action.retryIn > 0}>{t('button.continue')}</SubmitButton>
    </form>
  );
}
