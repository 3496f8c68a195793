import { useEffect, useRef } from 'react';
import { RetryCountdown } from '../../components/RetryCountdown.tsx';
import { useAction } from '../../hooks/useAction.ts';
import { useGo } from '../../hooks/useGo.ts';
import { useSecondFactorOutcome } from '../outcome.ts';
import { localeOf, sendMfaSms } from '../send.ts';
import { useB2B, useB2BClient, useB2BStrings } from '../widget.ts';
import { CodeEntry } from '../CodeEntry.tsx';
import { ghostButtonCss } from './styles.ts';
import { DEFAULT_OTP_EXPIRATION_MINUTES } from '../../../client/schemas/fields.ts';
import { canSwitchTo, formatCountdown, useCooldown, useMfa, useSecondsUntil } from './useMfa.ts';

const RESEND_WAIT_SECONDS = 15;

/**
 * SMS OTP Entry: the texted code. Primary sign-in may have sent it already
 * (`secondary_auth_initiated: sms_otp`); otherwise it is sent when the screen opens, once.
 */
export default function SMSOTPEntry() {
  const t = useB2BStrings();
  const go = useGo();
  const client = useB2BClient();
  const { config, env } = useB2B();
  const [mfa, update] = useMfa();
  const done = useSecondFactorOutcome('smsOtp');
  const send = useAction();
  const asked = useRef(false);
  const sent = mfa.smsSentAt !== undefined;
  const { run: runSend } = send;
  useEffect(() => {
    if (sent || asked.current) return;
    asked.current = true;
    void runSend(async () => {
      await sendMfaSms(client, config, mfa, t.locale);
      update((s) => ({ ...s, smsSentAt: env.timers.now() }));
      send.fail(undefined);
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on open: the member's phone and organization do not change on this screen
  }, [sent]);
  // As the official: a resend holds the button for 15 s, counting down; a failed one frees it.
  const [wait, startWait, endWait] = useCooldown();
  const resend = () => {
    startWait(RESEND_WAIT_SECONDS);
    return send.run(async () => {
      try {
        await sendMfaSms(client, config, mfa, t.locale);
      } catch (err) {
        endWait();
        throw err;
      }
      update((s) => ({ ...s, smsSentAt: env.timers.now() }));
      send.fail(undefined);
    });
  };
  const submit = async (code: string) =>
    done(
      await client.otps.sms.authenticate({
        member_id: mfa.memberId,
        organization_id: mfa.organizationId,
        code,
        session_duration_minutes: config.sessionOptions.sessionDurationMinutes,
        ...localeOf(config, t.locale),
      }),
    );
  // The code lasts the provider's default; the countdown runs from when it was sent.
  const left = useSecondsUntil(sent ? mfa.smsSentAt! + DEFAULT_OTP_EXPIRATION_MINUTES * 60_000 : undefined);
  const restricted = mfa.organization.mfa_methods === 'RESTRICTED';
  const canGoBack = mfa.enrolling || mfa.enrolled.length === 0 || (restricted && !mfa.enrolled.some((p) => mfa.organization.allowed_mfa_methods.includes(p === 'smsOtp' ? 'sms_otp' : 'totp')));
  return (
    <CodeEntry
      title={t('passcode.title')}
      instruction={t.rich('passcode.sentConfirmation', { destination: mfa.phone })}
      helper={sent ? (left > 0 ? t('passcode.expirationCountdown', { timeRemaining: formatCountdown(left) }) : t('passcode.expired')) : undefined}
      submit={submit}
    >
      <RetryCountdown action={send} />
      <button type="button" part="button button-secondary" disabled={send.blocked || wait > 0} aria-busy={send.busy} onClick={() => void resend()}>
        {wait > 0 ? t('passcode.codeSent', { timeRemaining: wait }) : t('passcode.resendCode')}
      </button>
      {canSwitchTo(mfa, 'totp') ? (
        <button type="button" part="link-button" css={ghostButtonCss} onClick={() => go('TOTPEntry')}>
          {t('mfa.methods.authenticatorApp')}
        </button>
      ) : null}
      {canGoBack ? (
        <button type="button" part="link-button" css={ghostButtonCss} onClick={() => go('SMSOTPEnrollment')}>
          {t('button.goBack')}
        </button>
      ) : null}
    </CodeEntry>
  );
}
