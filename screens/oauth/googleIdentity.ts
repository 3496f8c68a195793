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
  /** Where failures that have no message go (SPEC §8: unknown failures are only logged). */
  log(message: string, detail: unknown): void;
  origin(): string;
}

const GSI_SCRIPT = 'https://accounts.google.com/gsi/client';
let loading: Promise<GoogleIdentity> | undefined;

/** Loads Google's script once per page. */
function loadGoogle(): Promise<GoogleIdentity> {
  return (loading ??= new Promise<GoogleIdentity>((resolve, reject) => {
    const s = document.createElement('script');
    s.src = GSI_SCRIPT;
    s.async = true;
    s.onload = () => {
      const id = (globalThis as { google?: { accounts?: { id?: GoogleIdentity } } }).google?.accounts?.id;
      if (id) resolve(id);
      else reject(new Error('Google Identity Services loaded without google.accounts.id'));
    };
    s.onerror = () => {
      loading = undefined;
      reject(new Error('Google Identity Services could not be loaded'));
    };
    document.head.append(s);
  }));
}

/** The browser's One Tap environment. */
export const browserOneTapEnv: OneTapEnv = {
  loadGoogle,
  supportsFedCM: () => 'IdentityCredential' in globalThis,
  navigate: (url) => globalThis.location.assign(url),
  log: (message, detail) => console.error(message, detail),
  origin: () => globalThis.location.origin,
};
