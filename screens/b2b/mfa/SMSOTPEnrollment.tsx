import { useWidgetId } from '../../hooks/useWidgetId.ts';
import { Heading } from '../../components/Heading.tsx';
import { PhoneField, usePhoneEntry } from '../../components/PhoneField.tsx';
import { SubmitButton } from '../../components/SubmitButton.tsx';
import { formSubmit, useAction } from '../../hooks/useAction.ts';
import { useGo } from '../../hooks/useGo.ts';
import { sendMfaSms } from '../send.ts';
import { useB2B, useB2BClient, useB2BStrings } from '../widget.ts';
import { ghostButtonCss } from './styles.ts';
import { useMfa } from './useMfa.ts';
import { usePhoneParser } from './usePhoneParser.ts';

/** SMS OTP Enrollment: the member's phone (the login element's phone field), texted a code to prove it. */
export default function SMSOTPEnrollment() {
  const t = useB2BStrings();
  const go = useGo();
  const client = useB2BClient();
  const { config, env } = useB2B();
  const [mfa, update] = useMfa();
  const parser = usePhoneParser();
  const entry = usePhoneEntry();
  const { region, phone } = entry;
  const action = useAction();
  const id = useWidgetId();
  const submit = formSubmit(
    action,
    () => (/\d/.test(phone) ? undefined : t('error.invalidPhoneNumber')),
    async () => {
      const parsed = await parser.parse(phone, region);
      if (!parsed.isValid) return action.fail(t('error.invalidPhoneNumber'));
      await sendMfaSms(client, config, mfa, t.locale, parsed.number);
      update((s) => ({ ...s, phone: parsed.number, smsSentAt: env.timers.now() }));
      go('SMSOTPEntry');
    },
  );
  return (
    <section part="container">
      <Heading>{t('mfa.smsEnrollment.title')}</Heading>
      <p>{t('mfa.smsEnrollment.content')}</p>
      <form onSubmit={submit} noValidate css={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
        <PhoneField id={`${id}-phone`} entry={entry} action={action} autoComplete="tel-national" example={parser.example} />
        <SubmitButton busy={action.busy} disabled={!phone || action.blocked}>
          {t('button.continue')}
        </SubmitButton>
      </form>
      {mfa.offered.length > 1 ? (
        <button type="button" part="link-button" css={ghostButtonCss} onClick={() => go('MFAEnrollmentSelection')}>
          {t('button.goBack')}
        </button>
      ) : null}
    </section>
  );
}
