import { useId, useMemo, useState, type FormEvent } from 'react';
import { ErrorText } from '../components/ErrorText.tsx';
import { SubmitButton } from '../components/SubmitButton.tsx';
import { requireClient, useWidget } from '../context.ts';
import { useReportError } from '../hooks/useReportError.ts';
import { countries } from './countries.ts';
import { sendOtp } from './send.ts';
import { useSent } from './useSent.ts';

/** The phone form for SMS and WhatsApp codes: a country picker (default US) and the number. */
export function PhoneForm({ channel }: { channel: 'sms' | 'whatsapp' }) {
  const { client, config, strings } = useWidget();
  const [region, setRegion] = useState('US');
  const [phone, setPhone] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const report = useReportError();
  const sent = useSent();
  const id = useId();
  const list = useMemo(() => countries(), []);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    if (!/\d/.test(phone)) return setError(strings.invalidPhone);
    setError(undefined);
    setBusy(true);
    try {
      const c = requireClient(client);
      const parsed = await c.phone.parse(phone, region);
      if (!parsed.isValid) {
        setError(strings.invalidPhone);
        setBusy(false);
        return;
      }
      const r = await sendOtp(c, config.config, channel, parsed.number);
      sent.otp(channel, r.method_id, parsed.number);
    } catch (err) {
      setError(report(err));
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate css={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
      <label htmlFor={`${id}-phone`} part="label">
        {strings.phoneLabel}
      </label>
      <div css={{ display: 'flex', gap: 8 }}>
        <select
          part="input select"
          aria-label={strings.countryLabel}
          value={region}
          onChange={(e) => setRegion(e.target.value)}
          // Both shrink in a narrow widget, the number taking the room: at 320px a fixed-width
          // picker left the number field a few digits wide.
          css={{ width: 'auto', flex: '0 1 7.5em', minWidth: '4.5em', paddingInline: 6 }}
        >
          {list.map((c) => (
            <option key={c.region} value={c.region}>
              {`${c.name} (+${c.dial})`}
            </option>
          ))}
        </select>
        <input
          id={`${id}-phone`}
          part="input"
          type="tel"
          name="phone"
          autoComplete={config.products.includes('passkeys') ? 'tel-national webauthn' : 'tel-national'}
          value={phone}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => setPhone(e.target.value)}
          css={{ flex: '1 1 9em', minWidth: 0 }}
        />
      </div>
      <ErrorText id={`${id}-error`} message={error} />
      <SubmitButton busy={busy}>{strings.continue}</SubmitButton>
    </form>
  );
}
