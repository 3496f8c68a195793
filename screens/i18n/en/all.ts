import { cryptoMessages } from './crypto.ts';
import { errorMessages } from './errors.ts';
import { magicLinkMessages } from './magic-link.ts';
import { mainMessages } from './main.ts';
import { oauthMessages } from './oauth.ts';
import { otpMessages } from './otp.ts';
import { passkeyMessages } from './passkey.ts';
import { passwordMessages } from './password.ts';
import type { LocaleCatalog } from '../catalog.ts';

/**
 * Every English message in one object: what a site's `strings` is checked against, what
 * en-XA is made from and what the key-coverage test compares locales with. Loaded on demand
 * only (never by the first load): a flow's screens import their own part.
 */
export const englishMessages: LocaleCatalog = {
  ...errorMessages,
  ...mainMessages,
  ...otpMessages,
  ...magicLinkMessages,
  ...passwordMessages,
  ...passkeyMessages,
  ...cryptoMessages,
  ...oauthMessages,
};
