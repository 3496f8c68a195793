import type { ComponentType } from 'react';
import type { AppProps, Mode } from '../../screens/App.tsx';
import { B2BApp } from '../../screens/b2b/B2BApp.tsx';
import { preloadB2BFirstScreen } from '../../screens/b2b/registry.ts';
import type { B2BClient } from '../../client/b2b/index.ts';
import { WidgetElement } from '../base/widget-element.ts';

/**
 * `<stytch-b2b-ui>`: the B2B sign-in (discovery of the user's organizations) on the same base
 * as the B2C elements: properties, theme, Shadow DOM option, nonce, events, one store each.
 * Its `client` is a B2B client (`createB2BClient` of `stytch-ui/b2b-client`).
 */
export class StytchB2BElement extends WidgetElement<B2BClient> {
  static override readonly defaultTag = 'stytch-b2b-ui';
  protected readonly mode: Mode = 'b2b';

  protected override preload(): Promise<void> | undefined {
    try {
      return preloadB2BFirstScreen(this.config);
    } catch {
      // A config that throws when read fails the render, which reports it to the host.
      return undefined;
    }
  }

  protected override rootComponent(): ComponentType<AppProps> {
    return B2BApp;
  }
}
