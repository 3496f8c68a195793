import { useAdminStrings } from '../widget.ts';

/** A member status's name as the official portal words it ('deleted' reads Deactivated); an unknown one as it came. */
export function useStatusName(): (status: string) => string {
  const t = useAdminStrings();
  return (status) => {
    switch (status) {
      case 'active':
        return t('adminPortal.status.active');
      case 'invited':
        return t('adminPortal.status.invited');
      case 'pending':
        return t('adminPortal.status.pending');
      case 'deleted':
        return t('adminPortal.status.deleted');
      default:
        return status;
    }
  };
}
