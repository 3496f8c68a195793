import { StytchAdminPortalMemberManagementElement, StytchAdminPortalOrgSettingsElement, StytchAdminPortalSCIMElement, StytchAdminPortalSSOElement } from './admin-element.ts';

StytchAdminPortalSSOElement.define();
StytchAdminPortalOrgSettingsElement.define();
StytchAdminPortalMemberManagementElement.define();
StytchAdminPortalSCIMElement.define();

declare global {
  interface HTMLElementTagNameMap {
    'stytch-b2b-admin-portal-sso-ui': StytchAdminPortalSSOElement;
    'stytch-b2b-admin-portal-org-settings-ui': StytchAdminPortalOrgSettingsElement;
    'stytch-b2b-admin-portal-member-management-ui': StytchAdminPortalMemberManagementElement;
    'stytch-b2b-admin-portal-scim': StytchAdminPortalSCIMElement;
  }
}

export { StytchAdminPortalMemberManagementElement, StytchAdminPortalOrgSettingsElement, StytchAdminPortalSCIMElement, StytchAdminPortalSSOElement };
