// The side effects a widget reaches outside React: each is an interface here, the browser's
// implementation sits with the flow that uses it, and tests pass their own.

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
