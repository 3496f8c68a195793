import type { Mode } from '../../screens/App.tsx';
import type { PropertyDeclarations } from '../base/properties.ts';
import { WidgetElement } from '../base/widget-element.ts';

/** `<stytch-reset-password>`: the reset form for the token a reset email carried. */
export class StytchResetPasswordElement extends WidgetElement {
  static override readonly defaultTag = 'stytch-reset-password';
  static override properties: PropertyDeclarations = {
    ...WidgetElement.properties,
    passwordResetToken: { attribute: 'password-reset-token', type: 'string' },
  };

  declare passwordResetToken: string | undefined;
  protected readonly mode: Mode = 'reset-password';

  protected override renderToken(): string | undefined {
    return this.passwordResetToken;
  }
}
