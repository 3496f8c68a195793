import type { ComponentType } from 'react';
import type { AdminMode, AppProps } from '../../screens/App.tsx';
import { AdminApp, preloadAdminPortal } from '../../screens/b2b/AdminApp.tsx';
import type { B2BClient } from '../../client/b2b/index.ts';
import { WidgetElement } from '../base/widget-element.ts';

/**
 * The admin portal's elements: the B2B element's base (properties, theme, Shadow DOM option,
 * nonce, events, one store each) with the admin line's App; each class names its portal. Their
 * `client` is a B2B client of a signed-in member, whose roles decide what the portal offers and
 * what the provider allows.
 */
abstract class AdminPortalElement extends WidgetElement<B2BClient> {
  protected abstract override readonly mode: AdminMode;

  protected override preload(): Promise<void> | undefined {
    return preloadAdminPortal(this.mode);
  }

  protected override rootComponent(): ComponentType<AppProps> {
    return AdminApp;
  }
}

/** `<stytch-b2b-admin-portal-sso-ui>`: the organization's SSO connections. */
export class StytchAdminPortalSSOElement extends AdminPortalElement {
  static override readonly defaultTag = 'stytch-b2b-admin-portal-sso-ui';
  protected readonly mode = 'admin-sso' as const;
}

/** `<stytch-b2b-admin-portal-org-settings-ui>`: the organization's settings. */
export class StytchAdminPortalOrgSettingsElement extends AdminPortalElement {
  static override readonly defaultTag = 'stytch-b2b-admin-portal-org-settings-ui';
  protected readonly mode = 'admin-org-settings' as const;
}

/** `<stytch-b2b-admin-portal-member-management-ui>`: the organization's members. */
export class StytchAdminPortalMemberManagementElement extends AdminPortalElement {
  static override readonly defaultTag = 'stytch-b2b-admin-portal-member-management-ui';
  protected readonly mode = 'admin-member-management' as const;
}

/** `<stytch-b2b-admin-portal-scim>`: the organization's SCIM connection. */
export class StytchAdminPortalSCIMElement extends AdminPortalElement {
  static override readonly defaultTag = 'stytch-b2b-admin-portal-scim';
  protected readonly mode = 'admin-scim' as const;
}
