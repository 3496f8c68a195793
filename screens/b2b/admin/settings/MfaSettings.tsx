import { useState } from 'react';
import { Button, Check, Choice, Failure, Row, Section } from '../ui.tsx';
import { useAdmin, useAdminStrings, useCan } from '../widget.ts';
import { useSaveOrganization, type SettingsPartProps } from './save.ts';

const MFA_METHOD_OF = { smsOtp: 'sms_otp', totp: 'totp' } as const;

/** The organization's MFA policy (optional or required for all) and which MFA methods it allows. */
export function MfaSettings({ org, onSaved }: SettingsPartProps) {
  const t = useAdminStrings();
  const { config } = useAdmin();
  const canPolicy = useCan('stytch.organization', 'update.settings.mfa-policy');
  const canMethods = useCan('stytch.organization', 'update.settings.allowed-mfa-methods');
  const [policy, setPolicy] = useState(org.mfa_policy);
  const [mode, setMode] = useState<'ALL_ALLOWED' | 'RESTRICTED'>(org.mfa_methods === 'RESTRICTED' ? 'RESTRICTED' : 'ALL_ALLOWED');
  const [allowed, setAllowed] = useState<string[]>(org.allowed_mfa_methods ?? []);
  const { action, save } = useSaveOrganization(onSaved);
  return (
    <Section title={t('adminPortal.settings.mfa')}>
      <Choice
        legend={t('adminPortal.settings.mfaPolicy')}
        value={policy}
        disabled={!canPolicy}
        onChange={setPolicy}
        options={[
          { value: 'OPTIONAL', label: t('adminPortal.settings.mfaOptional') },
          { value: 'REQUIRED_FOR_ALL', label: t('adminPortal.settings.mfaRequired') },
        ]}
      />
      <Choice
        legend={t('adminPortal.settings.mfaMethods')}
        value={mode}
        disabled={!canMethods}
        onChange={setMode}
        options={[
          { value: 'ALL_ALLOWED', label: t('adminPortal.settings.allAllowed') },
          { value: 'RESTRICTED', label: t('adminPortal.settings.restricted') },
        ]}
      />
      {mode === 'RESTRICTED'
        ? config.allowedMfaAuthMethods.map((m) => (
            <Check
              key={m}
              label={t(`adminPortal.mfaMethod.${m}`)}
              checked={allowed.includes(MFA_METHOD_OF[m])}
              disabled={!canMethods}
              onChange={(on) => setAllowed((a) => (on ? [...a, MFA_METHOD_OF[m]] : a.filter((x) => x !== MFA_METHOD_OF[m])))}
            />
          ))
        : null}
      <Failure action={action} />
      {canPolicy || canMethods ? (
        <Row>
          <Button
            busy={action.busy}
            onClick={() =>
              save({
                ...(canPolicy ? { mfa_policy: policy } : {}),
                ...(canMethods ? { mfa_methods: mode, ...(mode === 'RESTRICTED' ? { allowed_mfa_methods: allowed as ('sms_otp' | 'totp')[] } : {}) } : {}),
              })
            }
          >
            {t('adminPortal.save')}
          </Button>
        </Row>
      ) : null}
    </Section>
  );
}
