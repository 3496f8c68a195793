import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { Heading } from '../../components/Heading.tsx';
import { useGo } from '../../hooks/useGo.ts';
import { screenAtom } from '../../state/atoms.ts';
import { usePrimaryOutcome } from '../outcome.ts';
import { localeOf } from '../send.ts';
import { passwordOrganizationAtom } from '../state.ts';
import { SsoAndOAuthButtons } from '../sso/blocks.ts';
import { useShowDiscovered } from '../useShowDiscovered.ts';
import { ghostButtonCss } from './styles.ts';
import { useB2B, useB2BClient, useB2BStrings } from '../widget.ts';
import { EmailForm, useEmailEntry } from '../EmailForm.tsx';

/**
 * Password Authenticate: 'Log in with email and password'. In an organization the password signs
 * in to it; in Discovery it lists the address's organizations. Also Discovery's Main when
 * passwords are its only product (then there is nothing to go back to).
 */
export default function PasswordAuthenticate() {
  const t = useB2BStrings();
  const { config } = useB2B();
  const client = useB2BClient();
  const go = useGo();
  const signedIn = usePrimaryOutcome();
  const showDiscovered = useShowDiscovered();
  const organization = useAtomValue(passwordOrganizationAtom);
  const isMain = useAtomValue(screenAtom) === 'Main';
  const [password, setPassword] = useState('');
  const { email, setEmail, setStored, action, id, submit } = useEmailEntry(async (address) => {
    setStored(address);
    if (!organization) {
      const found = await client.passwords.discovery.authenticate({ email_address: address, password });
      setStored(found.email_address);
      return showDiscovered(found.discovered_organizations);
    }
    signedIn(
      await client.passwords.authenticate({
        organization_id: organization.organization_id,
        email_address: address,
        password,
        session_duration_minutes: config.sessionOptions.sessionDurationMinutes,
        ...localeOf(config, t.locale),
      }),
    );
  });
  const forgot = () => {
    setStored(email.trim());
    go('PasswordForgotForm');
  };

  return (
    <section part="container">
      <Heading>{t('password.login.title')}</Heading>
      {isMain ? <SsoAndOAuthButtons place="above" /> : null}
      <EmailForm
        id={id}
        email={email}
        onEmail={setEmail}
        password={{ value: password, onChange: setPassword }}
        action={action}
        submitLabel={t('button.continue')}
        onSubmit={submit}
        after={
          <>
            <button type="button" part="button button-secondary" onClick={forgot}>
              {t('link.signupResetPassword')}
            </button>
            {isMain ? null : (
              <button type="button" part="link-button" css={ghostButtonCss} onClick={() => go('Main')}>
                {t('button.goBack')}
              </button>
            )}
          </>
        }
      />
      {isMain ? <SsoAndOAuthButtons place="below" /> : null}
    </section>
  );
}
