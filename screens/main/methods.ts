import type { ResolvedConfig } from '../config/resolve.ts';

/** The login-form methods of SPEC §2. */
export type LoginMethod = 'sms' | 'whatsapp' | 'emailOtp' | 'emailMagicLinks' | 'passwords';

/**
 * The login-form methods in config order, as the official UI orders its tabs: each product adds
 * its tabs where it stands; with passwords, every email tab (magic link, email code, password)
 * is the one password email tab, which stays where the first of them stood.
 */
export function loginMethods({ products, otp }: ResolvedConfig): LoginMethod[] {
  const otpMethods = otp.methods;
  const hasPasswords = products.includes('passwords');
  const email = (m: LoginMethod): LoginMethod => (hasPasswords ? 'passwords' : m);
  const out: LoginMethod[] = [];
  for (const p of products) {
    if (p === 'otp') for (const m of otpMethods) out.push(m === 'email' ? email('emailOtp') : m);
    else if (p === 'emailMagicLinks' || p === 'passwords') out.push(email(p));
  }
  return [...new Set(out)];
}

/** How many OAuth buttons Main shows for the config (none without the oauth product). */
export function oauthButtonCount({ products, oauth }: ResolvedConfig): number {
  return products.includes('oauth') ? oauth.providers.length : 0;
}

/** The message id of a method's tab label. */
export function methodLabel(method: LoginMethod): 'tab.text' | 'tab.whatsapp' | 'tab.email' {
  if (method === 'sms') return 'tab.text';
  if (method === 'whatsapp') return 'tab.whatsapp';
  return 'tab.email';
}
