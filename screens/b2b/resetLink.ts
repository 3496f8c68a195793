import { atom } from 'jotai';
import type { B2BConfig } from './config.ts';

/*
 * A password reset link brings the user back with `stytch_token_type` and a token: an
 * organization's reset link (`multi_tenant_passwords`) always opens the reset form. As in the
 * official B2B UI, `stytch_redirect_type=reset_password` (which the provider puts on every
 * reset link) puts the widget in the PasswordReset flow whatever its configured one: so a
 * discovery reset link (`discovery`, told from a discovery login link only by it) opens the
 * form too. In the PasswordReset flow (that, or `authFlowType: 'PasswordReset'`: the page that
 * reset links and the verify links of members without a password land on), so does an
 * organization's login link, which proves the address first. The reset form spends the token
 * once and takes it out of the address bar.
 */

export interface ResetLink {
  token: string;
  type: 'multi_tenant_passwords' | 'multi_tenant_magic_links' | 'discovery';
}

/** The link the widget landed with, kept for the reset form (unset once spent, or when none). */
export const resetLinkAtom = atom<ResetLink | undefined>(undefined);

/** The reset link in `href`, if the widget should open the reset form for it. */
export function readResetLink(href: string, authFlowType: B2BConfig['authFlowType']): ResetLink | undefined {
  const url = new URL(href);
  const token = url.searchParams.get('token');
  const type = url.searchParams.get('stytch_token_type');
  if (!token) return undefined;
  if (type === 'multi_tenant_passwords') return { token, type };
  const resetFlow = authFlowType === 'PasswordReset' || url.searchParams.get('stytch_redirect_type') === 'reset_password';
  // A discovery reset link: the official `discovery` type, told from a discovery login link by its redirect type.
  if (type === 'discovery' && url.searchParams.get('stytch_redirect_type') === 'reset_password') return { token, type };
  if (type === 'multi_tenant_magic_links' && resetFlow) return { token, type };
  return undefined;
}

/** Whether the widget opens on the reset form: a reset link, or the PasswordReset flow (a signed-in member sets a password). */
export function landsOnReset(href: string | undefined, authFlowType: B2BConfig['authFlowType']): boolean {
  return authFlowType === 'PasswordReset' || (href !== undefined && readResetLink(href, authFlowType) !== undefined);
}

/** Takes the token out of the address bar, so a reload does not spend it twice. */
export function forgetResetLink(): void {
  const url = new URL(globalThis.location.href);
  url.searchParams.delete('token');
  url.searchParams.delete('stytch_token_type');
  url.searchParams.delete('stytch_redirect_type');
  globalThis.history.replaceState(globalThis.history.state, '', url);
}
