import { createElement, Suspense, type ComponentType } from 'react';
import type { AppProps, Mode } from '../../screens/App.tsx';
import { prefetch, preloadable } from '../../screens/components/preloadable.ts';
import type { AuthTokenParams, IdpOptions } from '../../screens/idp/widget.ts';
import type { IDPConsentManifestGenerator } from '../../screens/idp/manifest.ts';
import type { PrefetchedConsent } from '../../screens/idp/prefetched.ts';
import type { PropertyDeclarations } from '../base/properties.ts';
import { WidgetElement } from '../base/widget-element.ts';

export type { AuthTokenParams, IDPConsentManifestGenerator, PrefetchedConsent };

// The consent screens are a chunk of their own: the login element's first load never carries them.
const IdpApp = preloadable<AppProps>(() => import('../../screens/idp/IdpApp.tsx').then((m) => m.IdpApp));
const IdpRoot = (props: AppProps) => createElement(Suspense, { fallback: null }, createElement(IdpApp, props));
export type { IDPConsentItem, IDPConsentScreenManifest, IDPConsentSection } from '../../screens/idp/manifest.ts';

/**
 * The consent elements' base: the request on the page's query, the consent for the signed-in
 * user (or member), the logout; on the one widget shell (properties, theme, Shadow DOM option,
 * nonce, events, strings). `C` is the line's client; both have `idp`.
 */
export abstract class IdentityProviderElementBase<C> extends WidgetElement<C> {
  static override properties: PropertyDeclarations = {
    ...WidgetElement.properties,
    // A function: a property only.
    getIDPConsentManifest: { attribute: false, type: 'json' },
    authTokenParams: { attribute: false, type: 'json' },
    // What stytch-ui/server rendered the consent from: an attribute, so its markup carries it.
    prefetchedConsent: { attribute: 'prefetched-consent', type: 'json' },
  };

  declare getIDPConsentManifest: IDPConsentManifestGenerator | undefined;
  declare authTokenParams: AuthTokenParams | undefined;
  declare prefetchedConsent: PrefetchedConsent | undefined;

  protected override preload(): Promise<void> | undefined {
    return prefetch(IdpApp);
  }

  protected override rootComponent(): ComponentType<AppProps> {
    return IdpRoot;
  }

  /** The props the consent flow reads (the B2B element also takes the official B2B name of the token's). */
  protected idpOptions(): IdpOptions {
    return { getIDPConsentManifest: this.getIDPConsentManifest, authTokenParams: this.authTokenParams, prefetchedConsent: this.prefetchedConsent };
  }

  protected override flowProps() {
    return { idp: this.idpOptions() };
  }
}

/**
 * `<stytch-identity-provider>`: the consent screen an app's authorization request lands on
 * (`/authorize?client_id=…`), for a signed-in user of this site; also the OpenID Connect logout.
 */
export class StytchIdentityProviderElement extends IdentityProviderElementBase<import('../../client/index.ts').Client> {
  static override readonly defaultTag = 'stytch-identity-provider';
  protected readonly mode: Mode = 'identity-provider';
}
