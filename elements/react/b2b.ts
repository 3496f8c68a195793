/**
 * `stytch-ui/react/b2b`: everything of stytch-ui/react, with the official B2B client factories
 * (kept apart so a B2C app does not load the B2B client).
 */
import { createB2BClient, type B2BClient } from '../../client/b2b/index.ts';
import { clientOptionsFrom, type StytchClientOptions } from '../compat-names.ts';
import { browserOnly } from './server-client.ts';

export * from './index.ts';
export { B2BMFAProducts, B2BProducts } from '../b2b/names.ts';
// The admin portal's components (the official `@stytch/react/b2b/adminPortal` names).
export { AdminPortalMemberManagement, AdminPortalOrgSettings, AdminPortalSCIM, AdminPortalSSO, type AdminPortalProps } from './widgets.tsx';

/** A B2B client from the official options (`createStytchB2BClient` / `createStytchB2BUIClient`). */
export const createStytchB2BClient: (publicToken: string, options?: StytchClientOptions) => B2BClient = browserOnly((publicToken, options) =>
  createB2BClient(publicToken, clientOptionsFrom(publicToken, options)),
);
export const createStytchB2BUIClient = createStytchB2BClient;
export const createStytchB2BHeadlessClient = createStytchB2BClient;
