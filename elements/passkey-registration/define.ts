import { StytchPasskeyRegistrationElement } from './element.ts';

StytchPasskeyRegistrationElement.define();

declare global {
  interface HTMLElementTagNameMap {
    'stytch-passkey-registration': StytchPasskeyRegistrationElement;
  }
}

export { StytchPasskeyRegistrationElement };
