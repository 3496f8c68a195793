import type { ResolvedConfig } from '../config/resolve.ts';
import type { Strings } from '../strings.ts';

/** The login-form methods of SPEC §2. */
export type LoginMethod = 'sms' | 'whatsapp' | 'emailOtp' | 'emailMagicLinks' | 'passwords';

/** The login-form methods in config order, with the SPEC §2 drops applied. */
export function loginMethods({ products, config }: ResolvedConfig): LoginMethod[] {
  const otpMethods = config.otpOptions?.methods ?? [];
  const out: LoginMethod[] = [];
  for (const p of products) {
    if (p === 'otp') for (const m of otpMethods) out.push(m === 'email' ? 'emailOtp' : m);
    else if (p === 'emailMagicLinks' || p === 'passwords') out.push(p);
  }
  const unique = [...new Set(out)];
  // Passwords take over the email tab: its email form leads on to the magic link or the code.
  if (unique.includes('passwords')) return unique.filter((m) => m !== 'emailMagicLinks' && m !== 'emailOtp');
  return unique;
}

/** The tab label of a method. */
export function methodLabel(method: LoginMethod, strings: Strings): string {
  if (method === 'sms') return strings.tabText;
  if (method === 'whatsapp') return strings.tabWhatsApp;
  return strings.tabEmail;
}
