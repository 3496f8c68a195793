import { useState } from 'react';
import type { Member } from '../../../../client/b2b/types.ts';
import { Portal } from '../ui.tsx';
import { useAdminStrings } from '../widget.ts';
import { MemberDetails } from './MemberDetails.tsx';
import { MemberList } from './MemberList.tsx';

/** `<stytch-b2b-admin-portal-member-management-ui>`: the organization's members, and one member's page. */
export default function MemberManagement() {
  const t = useAdminStrings();
  const [open, setOpen] = useState<Member | undefined>();
  return (
    <Portal title={open ? open.name || open.email_address : t('adminPortal.members.title')}>
      {open ? <MemberDetails member={open} onBack={() => setOpen(undefined)} onChange={setOpen} /> : <MemberList onOpen={setOpen} />}
    </Portal>
  );
}
