import type { Mode } from '../../screens/App.tsx';
import type { PropertyDeclarations } from '../base/properties.ts';
import { B2CWidgetElement } from '../base/b2c-element.ts';

/** The reset link's query: `token` and `stytch_token_type` (SPEC §2). */
export interface ResetLinkParams {
  token: string | undefined;
  tokenType: string | undefined;
}

/** Reads the reset link's parameters from a query string. */
export function resetLinkParams(search: string): ResetLinkParams {
  const q = new URLSearchParams(search);
  return { token: q.get('token') ?? undefined, tokenType: q.get('stytch_token_type') ?? undefined };
}

/**
 * `<stytch-reset-password>`: the reset form for the token a reset email carried. The page's
 * `stytch_token_type` is read once, on load ('login' signs in with the token at once); the
 * token is the `passwordResetToken` property, else the page's `token` parameter.
 */
export class StytchResetPasswordElement extends B2CWidgetElement {
  static override readonly defaultTag = 'stytch-reset-password';
  static override properties: PropertyDeclarations = {
    ...B2CWidgetElement.properties,
    passwordResetToken: { attribute: 'password-reset-token', type: 'string' },
    passwordResetTokenType: { attribute: 'password-reset-token-type', type: 'string' },
  };

  declare passwordResetToken: string | undefined;
  /** Overrides the page's `stytch_token_type` (for hosts that route the link themselves). */
  declare passwordResetTokenType: string | undefined;
  protected readonly mode: Mode = 'reset-password';
  #link?: ResetLinkParams;

  // Read on first use, not per render: the page's URL at load is what the link carried.
  get #params(): ResetLinkParams {
    return (this.#link ??= resetLinkParams(globalThis.location?.search ?? ''));
  }

  protected override flowProps() {
    return { passwordResetToken: this.passwordResetToken ?? this.#params.token, passwordResetTokenType: this.passwordResetTokenType ?? this.#params.tokenType };
  }
}
