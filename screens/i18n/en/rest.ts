import { cryptoMessages } from './crypto.ts';
import { errorMessages } from './errors.ts';
import { magicLinkMessages } from './magic-link.ts';
import { oauthMessages } from './oauth.ts';
import { otpMessages } from './otp.ts';
import { passkeyMessages } from './passkey.ts';
import { passwordMessages } from './password.ts';

/**
 * Every English part but Main's, in one object: loaded on demand only, to check a site's
 * `strings` ids and to make en-XA (Main's part comes from the first load, so this chunk does
 * not import it and the first load's chunks stay whole).
 */
export const restMessages = {
  ...errorMessages,
  ...otpMessages,
  ...magicLinkMessages,
  ...passwordMessages,
  ...passkeyMessages,
  ...cryptoMessages,
  ...oauthMessages,
};
