import { StytchLoginElement } from './element.ts';

StytchLoginElement.define();

declare global {
  interface HTMLElementTagNameMap {
    'stytch-ui': StytchLoginElement;
  }
}

export { StytchLoginElement };
