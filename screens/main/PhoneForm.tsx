import { useEffect, useId, useMemo, useState, type FormEvent } from 'react';
import { useServerTypedValue } from '../hooks/useServerTypedValue.ts';
import { ErrorText } from '../components/ErrorText.tsx';
import { ltrFieldCss } from '../components/ltrField.ts';
import { SubmitButton } from '../components/SubmitButton.tsx';
import { useWidget, useStrings } from '../context.ts';
import { requireClient } from '../hooks/requireClient.ts';
import { useAction } from '../hooks/useAction.ts';
import { countries } from './countries.ts';
import { sendOtp } from '../send/send.ts';
import { useSent } from '../send/useSent.ts';

/** The US example number in national format: the placeholder before any other country is picked. */
export const US_EXAMPLE = '(201) 555-0123';

/**
 * The placeholder for `region`: its example number in national format, from the phone
 * parser (libphonenumber's examples, over the clientside-services channel); the US one is
 * known without asking, so the form asks nothing until another country is picked.
 */
function useExampleNumber(region: string): string {
  const { client } = useWidget();
  const [example, setExample] = useState({ region: 'US', number: US_EXAMPLE });
  useEffect(() => {
    if (region === 'US' || !client?.phone?.example) return;
    let live = true;
    client.phone.example(region).then(
      (r) => live && setExample({ region, number: r.phoneNumber }),
      () => live && setExample({ region, number: '' }),
    );
    return () => {
      live = false;
    };
  }, [client, region]);
  if (region === 'US') return US_EXAMPLE;
  // Until the answer comes, no placeholder rather than another country's example.
  return example.region === region ? example.number : '';
}

/** The phone form for SMS and WhatsApp codes: a country picker (default US) and the number. */
export function PhoneForm({ channel }: { channel: 'sms' | 'whatsapp' }) {
  const { client, config } = useWidget();
  const t = useStrings();
  const [region, setRegion] = useState('US');
  const [phone, setPhone] = useState('');
  const { busy, error, run, fail } = useAction();
  const sent = useSent();
  const id = useId();
  const regionField = useServerTypedValue<HTMLSelectElement>(region, setRegion);
  const phoneField = useServerTypedValue<HTMLInputElement>(phone, setPhone);
  const list = useMemo(() => countries(t.locale), [t.locale]);
  const placeholder = useExampleNumber(region);

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
      <label htmlFor={`${id}-phone`} part="label">
        {t('formField.phone.label')}
      </label>
      <div css={{ display: 'flex', gap: 8 }}>
        {/* The closed picker shows only "US +1": full names do not fit beside the number. The
            native select sits on top, transparent, so picking and assistive technology are unchanged.
            It may shrink a little, the number taking the room: a fixed picker starved it at 320px. */}
        <div css={{ position: 'relative', flex: '0 1 6.5em', minWidth: '5.5em', borderRadius: 'var(--stytch-inputs-border-radius)', '&:has(select:focus-visible)': { outline: '2px solid currentColor', outlineOffset: 2 } }}>
          <span part="input country-display" aria-hidden="true" dir="ltr" css={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 4, paddingInline: 10 }}>
            {`${region} +${list.find((c) => c.region === region)?.dial ?? ''}`}
            <svg width="10" height="6" viewBox="0 0 10 6" focusable="false">
              <path d="M1 1l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.5" />
            </svg>
          </span>
          <select
            ref={regionField}
            part="select"
            aria-label={t('formField.countryCode.label')}
            value={region}
            onChange={(e) => setRegion(e.target.value)}
            css={{ position: 'absolute', inset: 0, width: '100%', height: '100%', opacity: 0, cursor: 'pointer', font: 'inherit', fontSize: 16 }}
          >
            {list.map((c) => (
              <option key={c.region} value={c.region}>
                {/* In a right-to-left language the dialing code is isolated, so it still reads +44, not 44+. */}
                {t.dir === 'rtl' ? `${c.name} (\u2066+${c.dial}\u2069)` : `${c.name} (+${c.dial})`}
              </option>
            ))}
          </select>
        </div>
        <input
          ref={phoneField}
          id={`${id}-phone`}
          part="input"
          type="tel"
          name="phone"
          autoComplete={config.products.includes('passkeys') ? 'tel-national webauthn' : 'tel-national'}
          value={phone}
          placeholder={placeholder}
          dir="ltr"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => setPhone(e.target.value)}
          css={{ ...ltrFieldCss(t.dir), flex: '1 1 9em', minWidth: 0 }}
        />
      </div>
      <ErrorText id={`${id}-error`} message={error} />
      <SubmitButton busy={busy}>{t('button.continue')}</SubmitButton>
    </form>
  );
}
