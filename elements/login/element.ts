import type { Mode } from '../../screens/App.tsx';
import { WidgetElement } from '../base/widget-element.ts';

/** `<stytch-ui>`: the login widget, starting at Main. */
export class StytchLoginElement extends WidgetElement {
  static override readonly defaultTag = 'stytch-ui';
  protected readonly mode: Mode = 'login';
}
