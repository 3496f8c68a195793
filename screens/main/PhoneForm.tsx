import { type FormEvent } from 'react';
import { useWidgetId } from '../hooks/useWidgetId.ts';
import { useEarlyPress } from '../hooks/useEarlyPress.ts';
import { PhoneField, usePhoneEntry } from '../components/PhoneField.tsx';
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
  const entry = usePhoneEntry();
  const { region, phone } = entry;
  const action = useAction();
  const { busy, run, fail } = action;
  const sent = useSent();
  const id = useWidgetId();
  const form = useEarlyPress();

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
    // form would reload the page and lose the typing); once hydrated, onSubmit handles it, and
    // a press made after our script came but before hydration is sent then (useEarlyPress).
    <form ref={form} onSubmit={submit} noValidate method="dialog" css={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
      {/* The field shows what is wrong with the number, or a rate limit's countdown. */}
      <PhoneField id={`${id}-phone`} entry={entry} action={action} autoComplete={config.products.includes('passkeys') ? 'tel-national webauthn' : 'tel-national'} example={client?.phone?.example} />
      <SubmitButton busy={busy} disabled={action.blocked}>
        {t('button.continue')}
      </SubmitButton>
    </form>
  );
}
