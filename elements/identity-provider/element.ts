import { createElement, Suspense, type ComponentType } from 'react';
import type { AppProps, Mode } from '../../screens/App.tsx';
import { PRELOAD_CALLS } from '../../client/core/on-demand.ts';
import { prefetch, preloadable } from '../../screens/components/preloadable.ts';
import type { AuthTokenParams, IdpOptions } from '../../screens/idp/widget.ts';
import type { IDPConsentManifestGenerator } from '../../screens/idp/manifest.ts';
import type { PrefetchedConsent } from '../../screens/idp/prefetched.ts';
import type { PropertyDeclarations } from '../base/properties.ts';
import { WidgetElement } from '../base/widget-element.ts';

export type { AuthTokenParams, IDPConsentManifestGenerator, PrefetchedConsent };

// The consent screens are a chunk of their own: the login element's first load never carries them.
// The chunks it imports (the spinner of its wait, Emotion) are asked for beside it, not once it
// has arrived and been read: a round trip less before the consent on a slow network.
const IdpApp = preloadable<AppProps>(() => Promise.all([import('../../screens/idp/IdpApp.tsx'), import('../../screens/components/Spinner.tsx'), import('@emotion/react')]).then(([m]) => m.IdpApp));
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
    // The flow's first move is a call: our client fetches its calls' code now, beside the flow's,
    // not once its bootstrap has ended (a round trip less before the consent, on a slow network).
    const client = this.client as { [PRELOAD_CALLS]?: unknown } | undefined;
    if (typeof client?.[PRELOAD_CALLS] === 'function') (client[PRELOAD_CALLS] as () => void)();
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
