import type { Mode } from '../../screens/App.tsx';
import { B2CWidgetElement } from '../base/b2c-element.ts';

/** `<stytch-ui>`: the login widget, starting at Main. */
export class StytchLoginElement extends B2CWidgetElement {
  static override readonly defaultTag = 'stytch-ui';
  protected readonly mode: Mode = 'login';
}
