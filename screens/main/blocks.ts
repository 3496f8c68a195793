import { prefetch, preloadable, preloaded } from '../components/preloadable.ts';
import type { ResolvedConfig } from '../config/resolve.ts';
import type { LoginScreenName } from '../state/atoms.ts';
import { EmailForm } from './EmailForm.tsx';
import { OAuthButtons } from '../oauth/OAuthButtons.tsx';
import { WalletButtons } from '../crypto/WalletButtons.tsx';
import { Divider } from '../components/Divider.tsx';
import { PoweredBy } from './PoweredBy.tsx';
import { PasskeyAutofill, PasskeyButton } from '../passkey/PasskeyButton.tsx';
import PasswordEmailForm from '../password/PasswordEmailForm.tsx';
import { loginMethods, oauthButtonCount, type LoginMethod } from './methods.ts';

/*
 * Main's blocks. Those Main paints for the products a host configures ship with the first load
 * (~11 KB gzip together): on demand, each was a second round of requests after the entry had
 * downloaded and run, which the card waited for (the OAuth buttons 190 ms more on slow 4G,
 * bench/RESULTS.md); the user's time weighs more than the bytes. The phone form (its country
 * table; a second tab in most configs) stays a chunk. Each is preloadable either way: the
 * element starts the ones its config shows when the config arrives (`preloadMain`), before
 * React first renders Main, and waits for any still loading.
 */
export const blocks = {
  OAuthButtons: preloaded(OAuthButtons),
  WalletButtons: preloaded(WalletButtons),
  Divider: preloaded(Divider),
  PoweredBy: preloaded(PoweredBy),
  PasskeyButton: preloaded(PasskeyButton),
  PasskeyAutofill: preloaded(PasskeyAutofill),
  // The email form is what most configs show first, the default one (magic links) included.
  EmailForm: preloaded(EmailForm),
  PhoneForm: preloadable(() => import('./PhoneForm.tsx').then((m) => m.PhoneForm)),
  PasswordEmailForm: preloaded(PasswordEmailForm),
};

/** The form block of one login method. */
export function formOf(method: LoginMethod): (typeof blocks)['EmailForm' | 'PhoneForm' | 'PasswordEmailForm'] {
  if (method === 'sms' || method === 'whatsapp') return blocks.PhoneForm;
  // The password tab looks the user up first; the email code or link is offered from there.
  if (method === 'passwords') return blocks.PasswordEmailForm;
  return blocks.EmailForm;
}

/**
 * Starts loading every block Main shows first for `config` (the first tab's form, not the
 * others'); what is still loading, as `prefetch` returns it.
 */
export function preloadMain(config: ResolvedConfig): Promise<void> | undefined {
  const methods = loginMethods(config);
  const oauth = oauthButtonCount(config) > 0;
  const social = oauth || config.products.includes('crypto');
  return prefetch(
    config.products.includes('passkeys') ? blocks.PasskeyButton : undefined,
    oauth ? blocks.OAuthButtons : undefined,
    config.products.includes('crypto') ? blocks.WalletButtons : undefined,
    social && methods.length > 0 ? blocks.Divider : undefined,
    methods[0] ? formOf(methods[0]) : undefined,
  );
}

/**
 * The screens one step from Main for `config`, and the other tabs' forms: prefetched when the
 * browser is idle or the user shows intent, never on the way to Main.
 */
export function nextFromMain(config: ResolvedConfig): { screens: LoginScreenName[]; forms: ReturnType<typeof formOf>[] } {
  const methods = loginMethods(config);
  const screens: LoginScreenName[] = [];
  const p = config.products;
  if (methods.includes('emailMagicLinks')) screens.push('EmailConfirmation');
  if (methods.some((m) => m === 'emailOtp' || m === 'sms' || m === 'whatsapp')) screens.push('OTPAuthenticate');
  if (p.includes('passwords')) screens.push('PasswordCreateOrLogin');
  if (p.includes('crypto')) screens.push('CryptoConnect');
  if (p.includes('passkeys')) screens.push('PasskeyConfirmation');
  return { screens, forms: methods.slice(1).map(formOf) };
}
