/** B2B widget entry (`stytch-ui/b2b`): defines `<stytch-b2b-ui>` and exports `mountB2B`; the B2C entry does not carry it. */
import type { B2BClient } from '../../client/b2b/client.ts';
import { mount, type MountOptions } from '../mount.ts';
import { StytchB2BElement } from './define.ts';

export { StytchB2BElement };
export { resolveB2BConfig, type B2BConfig } from '../../screens/b2b/config.ts';
export { B2BMFAProducts, B2BProducts } from './names.ts';
export { StytchErrorEvent, StytchEvent, type StytchEventDetail } from '../events.ts';
export { InvalidMountCallError, MountTargetNotFoundError } from '../errors.ts';

/** Options of `mountB2B`: those of every mount function, with a B2B client. */
export type B2BMountOptions = MountOptions<B2BClient>;

/** Renders the B2B widget into the element `elementId` selects; again re-renders it. */
export function mountB2B(options: B2BMountOptions): StytchB2BElement {
  return mount<StytchB2BElement, B2BClient>('stytch-b2b-ui', 'mountB2B', options);
}

// The admin portal's four elements and mount functions (their screens load on demand).
export {
  mountAdminPortalMemberManagement,
  mountAdminPortalOrgSettings,
  mountAdminPortalSCIM,
  mountAdminPortalSSO,
  StytchAdminPortalMemberManagementElement,
  StytchAdminPortalOrgSettingsElement,
  StytchAdminPortalSCIMElement,
  StytchAdminPortalSSOElement,
  type AdminPortalMountOptions,
} from './admin-portal.ts';
