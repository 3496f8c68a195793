import type { ComponentType } from 'react';
import { appOf, type AdminMode, type LineRootProps, type ProductLine } from '../App.tsx';
import { preloadable } from '../components/preloadable.ts';
import { ToastedCard } from '../components/ToastedCard.tsx';
import { adminWords } from '../i18n/admin.ts';
import { adminMessages } from '../i18n/en/b2b-admin.ts';
import { resolveAdminConfig, type AdminConfig } from './admin/config.ts';

/*
 * The admin portal's four elements: one product line on the shared shell (store, words, context,
 * errors, toasts), whose Root shows the element's portal. Each portal is a chunk of its own, so
 * a page with the member list never loads the SSO steps.
 */
export const adminPortals = {
  'admin-sso': preloadable(() => import('./admin/sso/SSOPortal.tsx').then((m) => m.default)),
  'admin-org-settings': preloadable(() => import('./admin/settings/OrgSettings.tsx').then((m) => m.default)),
  'admin-member-management': preloadable(() => import('./admin/members/MemberManagement.tsx').then((m) => m.default)),
  'admin-scim': preloadable(() => import('./admin/scim/SCIMPortal.tsx').then((m) => m.default)),
} satisfies Record<AdminMode, ComponentType>;

const isAdminMode = (mode: string): mode is AdminMode => Object.hasOwn(adminPortals, mode);

function AdminRoot({ mode }: LineRootProps) {
  const Portal = adminPortals[isAdminMode(mode) ? mode : 'admin-member-management'];
  return (
    <ToastedCard>
      <Portal />
    </ToastedCard>
  );
}

/** The admin portal's product line: its config, its words, one portal per element. */
export const adminLine: ProductLine<AdminConfig> = {
  name: 'b2b-admin',
  resolve: (config) => resolveAdminConfig(config),
  screens: adminPortals,
  Root: AdminRoot,
  messages: adminMessages,
  genericErrorId: 'adminPortal.error.generic',
  reportsConfigErrors: true,
  words: adminWords,
};

/** Root of every admin portal element. */
export const AdminApp = appOf(adminLine);

/** Starts loading an element's portal when its config arrives, beside React's first render. */
export function preloadAdminPortal(mode: AdminMode): Promise<void> | undefined {
  return adminPortals[mode].preload().then(() => undefined);
}
