import type { B2BOrganizationUpdateOptions } from '../../../../client/b2b/members.ts';
import type { Organization } from '../../../../client/b2b/types.ts';
import type { Action } from '../../../hooks/useAction.ts';
import { useToastNotice } from '../notice.ts';
import { useAdminAction, useAdminClient, useAdminStrings } from '../widget.ts';

/** What each settings part takes: the organization as the provider last answered it, and where its next answer goes. */
export interface SettingsPartProps {
  org: Organization;
  onSaved: (org: Organization) => void;
}

/** One settings part's save: the organization update with its fields, the answer handed on, 'Changes saved'. */
export function useSaveOrganization(onSaved: (org: Organization) => void): { action: Action; save: (fields: B2BOrganizationUpdateOptions & Record<string, unknown>) => void } {
  const client = useAdminClient();
  const t = useAdminStrings();
  const notice = useToastNotice();
  const action = useAdminAction();
  return {
    action,
    save: (fields) =>
      void action.run(async () => {
        onSaved((await client.organization.update(fields)).organization);
        notice(t('adminPortal.saved'));
      }),
  };
}
