import type { Mode } from '../../screens/App.tsx';
import { B2CWidgetElement } from '../base/b2c-element.ts';

/** `<stytch-passkey-registration>`: passkey registration for a signed-in user. */
export class StytchPasskeyRegistrationElement extends B2CWidgetElement {
  static override readonly defaultTag = 'stytch-passkey-registration';
  protected readonly mode: Mode = 'passkey-registration';
}
