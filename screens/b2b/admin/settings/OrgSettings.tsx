import { useState } from 'react';
import type { Organization } from '../../../../client/b2b/types.ts';
import { ErrorText } from '../../../components/ErrorText.tsx';
import { Portal } from '../ui.tsx';
import { useAdminClient, useAdminStrings, useLoad } from '../widget.ts';
import { AuthSettings } from './AuthSettings.tsx';
import { DetailsSettings } from './DetailsSettings.tsx';
import { EmailSettings } from './EmailSettings.tsx';
import { MfaSettings } from './MfaSettings.tsx';
import { RoleAssignments } from './RoleAssignments.tsx';

/**
 * `<stytch-b2b-admin-portal-org-settings-ui>`: the organization's name and slug, allowed sign-in
 * methods, MFA, email domains and provisioning, and role assignment by email domain. Each part
 * saves on its own; the provider's answer replaces what every part shows.
 */
export default function OrgSettings() {
  const t = useAdminStrings();
  const client = useAdminClient();
  const loaded = useLoad(() => client.organization.get(), 'org');
  const [org, setOrg] = useState<Organization | undefined>();
  const current = org ?? loaded.data;
  return (
    <Portal title={t('adminPortal.settings.title')}>
      <ErrorText message={loaded.error} />
      {!current ? (
        loaded.loading ? (
          <p part="helper">{t('adminPortal.loading')}</p>
        ) : null
      ) : (
        <>
          <DetailsSettings org={current} onSaved={setOrg} />
          <AuthSettings org={current} onSaved={setOrg} />
          <MfaSettings org={current} onSaved={setOrg} />
          <EmailSettings org={current} onSaved={setOrg} />
          <RoleAssignments org={current} onSaved={setOrg} />
        </>
      )}
    </Portal>
  );
}
