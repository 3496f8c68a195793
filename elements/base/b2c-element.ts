import type { ComponentType } from 'react';
import type { AppProps } from '../../screens/App.tsx';
import { LoginApp } from '../../screens/login/LoginApp.tsx';
import { preloadFirstScreen } from '../../screens/registry.ts';
import { WidgetElement } from './widget-element.ts';

/** The B2C elements (login, reset password, passkey registration): the B2C App and its first-screen preload. */
export abstract class B2CWidgetElement extends WidgetElement {
  protected override preload(): Promise<void> | undefined {
    return preloadFirstScreen(this.mode as 'login' | 'reset-password' | 'passkey-registration', this.config);
  }

  protected override rootComponent(): ComponentType<AppProps> {
    return LoginApp;
  }
}
