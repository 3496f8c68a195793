import type { B2BClient } from '../../client/b2b/client.ts';
import type { Mode } from '../../screens/App.tsx';
import type { PropertyDeclarations } from '../base/properties.ts';
import { IdentityProviderElementBase, type AuthTokenParams } from '../identity-provider/element.ts';

/**
 * `<stytch-b2b-identity-provider>`: the consent element for a signed-in member (the official
 * `StytchB2BIdentityProvider`); its client is a B2B client, whose `idp` calls the B2B paths.
 */
export class StytchB2BIdentityProviderElement extends IdentityProviderElementBase<B2BClient> {
  static override readonly defaultTag = 'stytch-b2b-identity-provider';
  static override properties: PropertyDeclarations = {
    ...IdentityProviderElementBase.properties,
    trustedAuthTokenParams: { attribute: false, type: 'json' },
  };

  /** The official B2B element's name for `authTokenParams`. */
  declare trustedAuthTokenParams: AuthTokenParams | undefined;
  protected readonly mode: Mode = 'b2b-identity-provider';

  protected override idpOptions() {
    return { ...super.idpOptions(), authTokenParams: this.trustedAuthTokenParams ?? this.authTokenParams };
  }
}

StytchB2BIdentityProviderElement.define();

declare global {
  interface HTMLElementTagNameMap {
    'stytch-b2b-identity-provider': StytchB2BIdentityProviderElement;
  }
}
