import { StytchResetPasswordElement } from './element.ts';

StytchResetPasswordElement.define();

declare global {
  interface HTMLElementTagNameMap {
    'stytch-reset-password': StytchResetPasswordElement;
  }
}

export { StytchResetPasswordElement };
