import { useState, type FormEvent } from 'react';
import { useWidgetId } from '../../hooks/useWidgetId.ts';
import { RetryCountdown } from '../../components/RetryCountdown.tsx';
import { Heading } from '../../components/Heading.tsx';
import { SubmitButton } from '../../components/SubmitButton.tsx';
import { useAction } from '../../hooks/useAction.ts';
import { apiErrorType } from '../../hooks/useReportError.ts';
import { useGo } from '../../hooks/useGo.ts';
import { useSecondFactorOutcome } from '../outcome.ts';
import { localeOf } from '../send.ts';
import { useB2B, useB2BClient, useB2BStrings } from '../widget.ts';
import { ghostButtonCss } from './styles.ts';
import { useMfa } from './useMfa.ts';
import { TextInput } from '../TextInput.tsx';

/** Recovery Code Entry: one of the saved backup codes in place of the authenticator's (each works once). */
export default function RecoveryCodeEntry() {
  const t = useB2BStrings();
  const go = useGo();
  const client = useB2BClient();
  const { config } = useB2B();
  const [mfa] = useMfa();
  const done = useSecondFactorOutcome('recoveryCode');
  const [code, setCode] = useState('');
  const action = useAction((err, shown) => (apiErrorType(err) && apiErrorType(err) !== 'server_unavailable' ? t('recoveryCodes.entry.error.invalidCode') : shown));
  const { busy, error, run } = action;
  const id = useWidgetId();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (action.blocked || !code.trim()) return;
    void run(async () =>
      done(
        await client.recoveryCodes.recover({
          member_id: mfa.memberId,
          organization_id: mfa.organizationId,
          recovery_code: code.trim(),
          session_duration_minutes: config.sessionOptions.sessionDurationMinutes,
          ...localeOf(config, t.locale),
        }),
      ),
    );
  };
  return (
    <section part="container">
      <Heading>{t('recoveryCodes.entry.title')}</Heading>
      <p id={`${id}-what`}>{t('recoveryCodes.entry.content')}</p>
      <form onSubmit={submit} noValidate css={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
        <TextInput
          id={`${id}-code`}
          name="recovery-code"
          label={t('formField.backupCode.ariaLabel')}
          placeholder={t('formField.backupCode.placeholder')}
          invalid={!!error && !action.rateLimited}
          describedBy={error ? `${id}-error` : `${id}-what`}
          value={code}
          onChange={setCode}
        />
        <RetryCountdown id={`${id}-error`} action={action} />
        <SubmitButton busy={busy} disabled={action.retryIn > 0}>
          {t('button.continue')}
        </SubmitButton>
      </form>
      <button type="button" part="link-button" css={ghostButtonCss} onClick={() => go('TOTPEntry')}>
        {t('button.goBack')}
      </button>
    </section>
  );
}
