import { prefetch, preloadable, preloaded } from '../components/preloadable.ts';
import type { ResolvedConfig } from '../config/resolve.ts';
import type { LoginScreenName } from '../state/atoms.ts';
import { EmailForm } from './EmailForm.tsx';
import { loginMethods, type LoginMethod } from './methods.ts';

/*
 * Main's blocks that only some configs show, each in its own chunk so a host pays only for
 * what it configured, and each preloadable: the element starts the ones its config shows when
 * the config arrives (`preloadMain`), before React first renders Main, so Main does not find
 * them only after that render.
 */
export const blocks = {
  OAuthButtons: preloadable(() => import('../oauth/OAuthButtons.tsx').then((m) => m.OAuthButtons)),
  WalletButtons: preloadable(() => import('../crypto/WalletButtons.tsx').then((m) => m.WalletButtons)),
  // The divider comes only with a social block, itself on demand, so it loads alongside.
  Divider: preloadable(() => import('../components/Divider.tsx').then((m) => m.Divider)),
  PoweredBy: preloadable(() => import('./PoweredBy.tsx').then((m) => m.PoweredBy)),
  PasskeyButton: preloadable(() => import('../passkey/PasskeyButton.tsx').then((m) => m.PasskeyButton)),
  // Autofill rides in the button's chunk: both come with passkeys, and one chunk keeps the split small.
  PasskeyAutofill: preloadable(() => import('../passkey/PasskeyButton.tsx').then((m) => m.PasskeyAutofill)),
  // The email form is what most configs show first, the default one (magic links) included,
  // so it ships with the first load (+3.4 KB gzip): on demand, it and the nine small chunks it
  // needs were a second and third round of requests after React's evaluation, the largest
  // part of the time to a typeable Main (bench/RESULTS.md). The phone form carries the country table.
  EmailForm: preloaded(EmailForm),
  PhoneForm: preloadable(() => import('./PhoneForm.tsx').then((m) => m.PhoneForm)),
  PasswordEmailForm: preloadable(() => import('../password/PasswordEmailForm.tsx').then((m) => m.default)),
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
export function preloadMain(config: ResolvedConfig, watermark: boolean): Promise<void> | undefined {
  const methods = loginMethods(config);
  const social = (config.products.includes('oauth') && config.oauth.providers.length > 0) || config.products.includes('crypto');
  return prefetch(
    config.products.includes('passkeys') ? blocks.PasskeyButton : undefined,
    config.products.includes('oauth') && config.oauth.providers.length > 0 ? blocks.OAuthButtons : undefined,
    config.products.includes('crypto') ? blocks.WalletButtons : undefined,
    social && methods.length > 0 ? blocks.Divider : undefined,
    methods[0] ? formOf(methods[0]) : undefined,
    watermark ? blocks.PoweredBy : undefined,
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
