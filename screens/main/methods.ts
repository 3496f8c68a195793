import type { ResolvedConfig } from '../config/resolve.ts';
import type { Strings } from '../strings.ts';

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

/** The tab label of a method. */
export function methodLabel(method: LoginMethod, strings: Strings): string {
  if (method === 'sms') return strings.tabText;
  if (method === 'whatsapp') return strings.tabWhatsApp;
  return strings.tabEmail;
}
