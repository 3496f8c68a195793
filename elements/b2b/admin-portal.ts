/**
 * The admin portal's mount functions (the official `@stytch/vanilla-js/b2b/adminPortal` names),
 * exported by `stytch-ui/b2b`: each renders its element into the element `elementId` selects.
 */
import type { B2BClient } from '../../client/b2b/client.ts';
import { mount, type MountOptions } from '../mount.ts';
import { StytchAdminPortalMemberManagementElement, StytchAdminPortalOrgSettingsElement, StytchAdminPortalSCIMElement, StytchAdminPortalSSOElement } from './admin-define.ts';

/** Options of every admin portal mount: those of every mount function, with a B2B client. */
export type AdminPortalMountOptions = MountOptions<B2BClient>;

/** The organization's SSO connections. */
export const mountAdminPortalSSO = (options: AdminPortalMountOptions): StytchAdminPortalSSOElement =>
  mount<StytchAdminPortalSSOElement, B2BClient>('stytch-b2b-admin-portal-sso-ui', 'mountAdminPortalSSO', options);

/** The organization's settings. */
export const mountAdminPortalOrgSettings = (options: AdminPortalMountOptions): StytchAdminPortalOrgSettingsElement =>
  mount<StytchAdminPortalOrgSettingsElement, B2BClient>('stytch-b2b-admin-portal-org-settings-ui', 'mountAdminPortalOrgSettings', options);

/** The organization's members. */
export const mountAdminPortalMemberManagement = (options: AdminPortalMountOptions): StytchAdminPortalMemberManagementElement =>
  mount<StytchAdminPortalMemberManagementElement, B2BClient>('stytch-b2b-admin-portal-member-management-ui', 'mountAdminPortalMemberManagement', options);

/** The organization's SCIM connection. */
export const mountAdminPortalSCIM = (options: AdminPortalMountOptions): StytchAdminPortalSCIMElement =>
  mount<StytchAdminPortalSCIMElement, B2BClient>('stytch-b2b-admin-portal-scim', 'mountAdminPortalSCIM', options);

export { StytchAdminPortalMemberManagementElement, StytchAdminPortalOrgSettingsElement, StytchAdminPortalSCIMElement, StytchAdminPortalSSOElement };
