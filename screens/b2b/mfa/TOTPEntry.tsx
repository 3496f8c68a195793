import { useGo } from '../../hooks/useGo.ts';
import { useSecondFactorOutcome } from '../outcome.ts';
import { localeOf } from '../send.ts';
import { useB2B, useB2BClient, useB2BStrings } from '../widget.ts';
import { CodeEntry } from '../CodeEntry.tsx';
import { ghostButtonCss } from './styles.ts';
import { canSwitchTo, useMfa } from './useMfa.ts';

/**
 * TOTP Entry: the authenticator's code. Enrolling, it verifies the new authenticator (then the
 * recovery codes are shown); signing in, the member may switch to a texted code or a backup code.
 */
export default function TOTPEntry() {
  const t = useB2BStrings();
  const go = useGo();
  const client = useB2BClient();
  const { config } = useB2B();
  const [mfa] = useMfa();
  const done = useSecondFactorOutcome('totp');
  const submit = async (code: string) =>
    done(
      await client.totp.authenticate({
        member_id: mfa.memberId,
        organization_id: mfa.organizationId,
        code,
        session_duration_minutes: config.sessionOptions.sessionDurationMinutes,
        ...localeOf(config, t.locale),
      }),
    );
  return (
    <CodeEntry title={t('totp.title')} instruction={t('totp.content')} helper={mfa.enrolling ? t('mfa.totpEntry.getNewCode') : undefined} submit={submit}>
      {canSwitchTo(mfa, 'smsOtp') ? (
        <button type="button" part="button button-secondary" onClick={() => go('SMSOTPEntry')}>
          {t('mfa.totpEntry.switchToSms')}
        </button>
      ) : null}
      {!mfa.enrolling ? (
        <button type="button" part="button button-secondary" onClick={() => go('RecoveryCodeEntry')}>
          {t('mfa.totpEntry.useBackupCode')}
        </button>
      ) : null}
      {mfa.enrolling ? (
        <button type="button" part="link-button" css={ghostButtonCss} onClick={() => go('TOTPEnrollmentQRCode')}>
          {t('button.goBack')}
        </button>
      ) : null}
    </CodeEntry>
  );
}
