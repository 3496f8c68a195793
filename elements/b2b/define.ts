import { StytchB2BElement } from './element.ts';

StytchB2BElement.define();

declare global {
  interface HTMLElementTagNameMap {
    'stytch-b2b-ui': StytchB2BElement;
  }
}

export { StytchB2BElement };
