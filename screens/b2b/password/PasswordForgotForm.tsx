import { useAtomValue } from 'jotai';
import type { Organization } from '../../../client/b2b/types.ts';
import { Heading } from '../../components/Heading.tsx';
import { useGo } from '../../hooks/useGo.ts';
import { sendOrganization, sendPasswordReset } from '../send.ts';
import { passwordOrganizationAtom } from '../state.ts';
import { useB2B, useB2BClient, useB2BStrings } from '../widget.ts';
import { ghostButtonCss } from './styles.ts';
import { EmailForm, useEmailEntry } from '../EmailForm.tsx';

/** Whether the organization would admit the address by its email domain (the official `emailEligibleForJITProvisioning`). */
export function jitEligible(organization: Partial<Organization>, email: string): boolean {
  if (organization.email_jit_provisioning === 'ALL_ALLOWED') return true;
  if (organization.email_jit_provisioning !== 'RESTRICTED') return false;
  const domain = email.split('@').pop()?.toLowerCase();
  return !!domain && (organization.email_allowed_domains ?? []).map((d) => d.toLowerCase()).includes(domain);
}

/**
 * Password Forgot Form: 'Check your email for help signing in'. In Discovery, any address gets a
 * discovery reset link (then Password Set New Confirmation). In an organization, a member with a password gets a
 * reset link (then Password Set New Confirmation); an address the organization would admit gets a
 * login link that proves it first (Password Reset Verify Confirmation); any other is told it
 * has no access.
 */
export default function PasswordForgotForm() {
  const t = useB2BStrings();
  const { config } = useB2B();
  const client = useB2BClient();
  const go = useGo();
  const organization = useAtomValue(passwordOrganizationAtom);
  const { email, setEmail, setStored, action, id, submit } = useEmailEntry(async (address) => {
    if (!organization) {
      // Discovery: a reset link for the address, whatever its organizations.
      await sendPasswordReset(client, config, undefined, address, t.locale);
      setStored(address);
      return go('PasswordSetNewConfirmation');
    }
    const organizationId = organization.organization_id;
    const { member } = await client.organization.searchMember({ organization_id: organizationId, email_address: address });
    if (member) {
      await sendPasswordReset(client, config, organizationId, address, t.locale);
      setStored(address);
      return go('PasswordSetNewConfirmation');
    }
    if (!jitEligible(organization, address)) return action.fail(t('error.emailNoAccessToOrg', { email: address, organizationName: organization.organization_name ?? '' }));
    // No password yet: a login link to the reset page proves the address, then a password is set by session.
    await sendOrganization(client, config, 'link', organizationId, address, t.locale, config.passwordOptions.resetPasswordRedirectURL);
    setStored(address);
    go('PasswordResetVerifyConfirmation');
  });

  return (
    <section part="container">
      <Heading>{t('password.forgot.title')}</Heading>
      <p>{organization ? t('password.forgot.content.organization') : t('password.forgot.content.discovery')}</p>
      <EmailForm
        id={id}
        email={email}
        onEmail={setEmail}
        action={action}
        submitLabel={t('button.continue')}
        onSubmit={submit}
        after={
          <button type="button" part="link-button" css={ghostButtonCss} onClick={() => go('Main')}>
            {t('button.goBack')}
          </button>
        }
      />
    </section>
  );
}
