import { useEffect, useMemo, useState } from 'react';
import { useStrings } from '../context.ts';
import { useServerTypedValue } from '../hooks/useServerTypedValue.ts';
import { countries } from './countries.ts';
import type { Action } from '../hooks/useAction.ts';
import { RetryCountdown } from './RetryCountdown.tsx';
import { ltrFieldCss } from './ltrField.ts';

/** The US example number in national format: the placeholder before any other country is picked. */
export const US_EXAMPLE = '(201) 555-0123';

/** Where a country's example number comes from: the client's phone parser (`client.phone.example`). */
export type ExampleNumber = (regionCode: string) => Promise<{ phoneNumber: string }>;

/**
 * The placeholder for `region`: its example number in national format, from the phone
 * parser (libphonenumber's examples, over the clientside-services channel); the US one is
 * known without asking, so the field asks nothing until another country is picked.
 */
function useExampleNumber(region: string, example: ExampleNumber | undefined): string {
  const [found, setFound] = useState({ region: 'US', number: US_EXAMPLE });
  useEffect(() => {
    if (region === 'US' || !example) return;
    let live = true;
    example(region).then(
      (r) => live && setFound({ region, number: r.phoneNumber }),
      () => live && setFound({ region, number: '' }),
    );
    return () => {
      live = false;
    };
  }, [example, region]);
  if (region === 'US') return US_EXAMPLE;
  // Until the answer comes, no placeholder rather than another country's example.
  return found.region === region ? found.number : '';
}

/** What a phone field holds: the country (US until another is picked) and the number as typed. */
export function usePhoneEntry() {
  const [region, setRegion] = useState('US');
  const [phone, setPhone] = useState('');
  return { region, setRegion, phone, setPhone };
}

export type PhoneEntry = ReturnType<typeof usePhoneEntry>;

export interface PhoneFieldProps {
  id: string;
  entry: PhoneEntry;
  /** The form's action: its error shows under the field and names it invalid; a rate limit's countdown shows there instead. */
  action: Action;
  autoComplete: string;
  example: ExampleNumber | undefined;
}

/**
 * The phone number field of both product lines (the login element's SMS and WhatsApp form, the
 * B2B element's MFA phone): its label, a country picker (default US), the number and the
 * form's error (or a rate limit's countdown) under them.
 */
export function PhoneField({ id, entry, action, autoComplete, example }: PhoneFieldProps) {
  const { region, setRegion, phone, setPhone } = entry;
  const errorId = action.error ? `${id}-error` : undefined;
  // A wait is no fault of the number.
  const invalid = !!action.error && !action.rateLimited;
  const t = useStrings();
  const regionField = useServerTypedValue<HTMLSelectElement>(region, setRegion);
  const phoneField = useServerTypedValue<HTMLInputElement>(phone, setPhone);
  const list = useMemo(() => countries(t.locale), [t.locale]);
  const placeholder = useExampleNumber(region, example);
  return (
    <>
      <label htmlFor={id} part="label">
        {t('formField.phone.label')}
      </label>
      <div css={{ display: 'flex', gap: 8 }}>
        {/* The closed picker shows only "US +1": full names do not fit beside the number. The
            native select sits on top, transparent, so picking and assistive technology are unchanged.
            It may shrink a little, the number taking the room: a fixed picker starved it at 320px. */}
        <div
          css={{
            position: 'relative',
            flex: '0 1 6.5em',
            minWidth: '5.5em',
            borderRadius: 'var(--stytch-inputs-border-radius)',
            '&:has(select:focus-visible)': { outline: '2px solid currentColor', outlineOffset: 2 },
          }}
        >
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
          id={id}
          part="input"
          type="tel"
          name="phone"
          autoComplete={autoComplete}
          value={phone}
          placeholder={placeholder}
          dir="ltr"
          aria-invalid={invalid ? true : undefined}
          aria-describedby={errorId}
          onChange={(e) => setPhone(e.target.value)}
          css={{ ...ltrFieldCss(t.dir), flex: '1 1 9em', minWidth: 0 }}
        />
      </div>
      <RetryCountdown id={errorId} action={action} />
    </>
  );
}
