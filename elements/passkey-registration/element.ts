import type { Mode } from '../../screens/App.tsx';
import { WidgetElement } from '../base/widget-element.ts';

/** `<stytch-passkey-registration>`: passkey registration for a signed-in user. */
export class StytchPasskeyRegistrationElement extends WidgetElement {
  static override readonly defaultTag = 'stytch-passkey-registration';
  protected readonly mode: Mode = 'passkey-registration';
}
