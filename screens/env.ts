import type { Timers } from '../client/core/env.ts';

// The side effects a widget reaches outside React: each is an interface here, the browser's
// implementation sits with the flow that uses it, and tests pass their own.

export type { Timers };

/**
 * One widget's environment, on its context (`useWidget().env`). Timers are always there; a
 * part left out is the browser's, which the flow that uses it supplies, so the first load
 * does not carry One Tap's script loader or the wallet lookups.
 */
export interface WidgetEnv {
  /** Countdowns, toasts and debounces run on these; the client's Timers shape. */
  timers: Timers;
  /** Google One Tap's side effects. */
  oneTap?: OneTapEnv;
  /** Where wallet extensions are found: the page's globals by default. */
  wallets?: WalletWindow;
  /** The Web OTP API's `navigator.credentials`. */
  credentials?: OtpCredentials;
  /** Where the widget remembers the users with a passkey on this device (passkey/upgrade.ts); localStorage by default. */
  deviceStorage?: Pick<Storage, 'getItem' | 'setItem'>;
  /** The page's query and its navigation (the consent element reads the request and leaves for the app); the window's by default. */
  page?: { search: string; assign(url: string): void };
  /** Where failures that are never shown go (SPEC §8); `console.error` by default. */
  log?(message: string, detail: unknown): void;
}

/** The part of `navigator.credentials` the Web OTP API uses. */
export interface OtpCredentials {
  get(options: CredentialRequestOptions & { otp: { transport: string[] } }): Promise<Credential | null>;
}

/** An EIP-1193 Ethereum provider as extensions inject it. */
export interface EthereumProvider {
  request?(args: { method: string; params?: unknown[] }): Promise<unknown>;
  isMetaMask?: boolean;
  isCoinbaseWallet?: boolean;
  isPhantom?: boolean;
  providers?: EthereumProvider[];
}

/** A Solana wallet provider (Phantom's interface, which other Solana wallets copy). */
export interface SolanaProvider {
  isPhantom?: boolean;
  connect?(): Promise<{ publicKey: { toString(): string } }>;
  signMessage?(message: Uint8Array, display?: 'utf8' | 'hex'): Promise<{ signature: Uint8Array }>;
}

/** The window globals wallet extensions inject. */
export interface WalletWindow {
  ethereum?: EthereumProvider;
  solana?: SolanaProvider;
  phantom?: { solana?: SolanaProvider };
  BinanceChain?: EthereumProvider;
  vessel?: EthereumProvider;
}

/** Where a failure that is never shown goes. */
export function logOf(env: WidgetEnv): (message: string, detail: unknown) => void {
  return env.log ?? ((message, detail) => console.error(message, detail));
}

/** What Google's prompt reports about itself (the moment notification). */
export interface PromptMoment {
  isNotDisplayed?(): boolean;
  getNotDisplayedReason?(): string;
  isSkippedMoment?(): boolean;
  getSkippedReason?(): string;
  isDismissedMoment?(): boolean;
  getDismissedReason?(): string;
}

/** The slice of Google Identity Services' `google.accounts.id` One Tap uses. */
export interface GoogleIdentity {
  initialize(options: {
    client_id: string;
    callback(response: { credential: string }): void;
    prompt_parent_id?: string;
    cancel_on_tap_outside?: boolean;
    context?: 'signin' | 'signup' | 'use';
    itp_support?: boolean;
  }): void;
  prompt(listener?: (moment: PromptMoment) => void): void;
  cancel(): void;
}

/** The side effects of One Tap, each replaceable by a test. */
export interface OneTapEnv {
  loadGoogle(): Promise<GoogleIdentity>;
  supportsFedCM(): boolean;
  navigate(url: string): void;
  origin(): string;
}
