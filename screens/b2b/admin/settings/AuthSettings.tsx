import { useState } from 'react';
import type { B2BAuthMethod } from '../../../../client/schemas/b2b-oauth-providers.ts';
import type { AdminAuthMethod } from '../config.ts';
import { Check, Choice, SaveRow, Section } from '../ui.tsx';
import { useAdmin, useAdminStrings, useCan } from '../widget.ts';
import { useSaveOrganization, type SettingsPartProps } from './save.ts';

/** The config's names of the sign-in methods (the official AdminPortalB2BProducts) to the organization's. */
export const AUTH_METHOD_OF: Record<AdminAuthMethod, B2BAuthMethod> = {
  emailMagicLinks: 'magic_link',
  emailOtp: 'email_otp',
  sso: 'sso',
  password: 'password',
  oauthGoogle: 'google_oauth',
  oauthMicrosoft: 'microsoft_oauth',
  oauthHubspot: 'hubspot_oauth',
  oauthSlack: 'slack_oauth',
  oauthGithub: 'github_oauth',
};

type Restriction = 'ALL_ALLOWED' | 'RESTRICTED';

/** Which sign-in methods the organization allows: all, or those checked among the config's `allowedAuthMethods`. */
export function AuthSettings({ org, onSaved }: SettingsPartProps) {
  const t = useAdminStrings();
  const { config } = useAdmin();
  const can = useCan('stytch.organization', 'update.settings.allowed-auth-methods');
  const [mode, setMode] = useState<Restriction>(org.auth_methods === 'RESTRICTED' ? 'RESTRICTED' : 'ALL_ALLOWED');
  const [allowed, setAllowed] = useState<string[]>(org.allowed_auth_methods ?? []);
  const { action, save } = useSaveOrganization(onSaved);
  return (
    <Section title={t('adminPortal.settings.authMethods')}>
      <Choice
        legend={t('adminPortal.settings.authMethodsLegend')}
        value={mode}
        disabled={!can}
        onChange={setMode}
        options={[
          { value: 'ALL_ALLOWED', label: t('adminPortal.settings.allAllowed') },
          { value: 'RESTRICTED', label: t('adminPortal.settings.restricted') },
        ]}
      />
      {mode === 'RESTRICTED' ? (
        <div role="group" aria-label={t('adminPortal.settings.authMethods')} css={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))', gap: 6 }}>
          {config.allowedAuthMethods.map((m) => {
            const wire = AUTH_METHOD_OF[m];
            return (
              <Check
                key={m}
                label={t(`adminPortal.authMethod.${m}`)}
                checked={allowed.includes(wire)}
                disabled={!can}
                onChange={(on) => setAllowed((a) => (on ? [...a, wire] : a.filter((x) => x !== wire)))}
              />
            );
          })}
        </div>
      ) : null}
      <SaveRow action={action} shown={can} onSave={() => save({ auth_methods: mode, ...(mode === 'RESTRICTED' ? { allowed_auth_methods: allowed as B2BAuthMethod[] } : {}) })} />
    </Section>
  );
}
