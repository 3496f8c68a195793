import { StytchIdentityProviderElement } from './element.ts';

StytchIdentityProviderElement.define();

declare global {
  interface HTMLElementTagNameMap {
    'stytch-identity-provider': StytchIdentityProviderElement;
  }
}

export { StytchIdentityProviderElement };
