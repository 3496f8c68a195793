/**
 * `stytch-ui/vue` (types only): the elements as Vue's global components, so Vue's template
 * checker (vue-tsc, the editor) knows each tag's properties and events. A host adds
 * `import type {} from 'stytch-ui/vue'` once; the runtime needs only
 * `compilerOptions.isCustomElement` (README "Vue 3").
 */
import type { DefineComponent } from 'vue';
import type { StytchB2BElement } from './b2b/element.ts';
import type { StytchErrorEvent, StytchEvent } from './events.ts';
import type { StytchLoginElement } from './login/element.ts';
import type { StytchPasskeyRegistrationElement } from './passkey-registration/element.ts';
import type { StytchResetPasswordElement } from './reset-password/element.ts';

/** One element's props in a template: its properties (bound with `.prop` or `:x.prop`) and its two events (`@stytch-event`, `@stytch-error`). */
export type StytchElementVueProps<E extends HTMLElement, P extends keyof E = never> = {
  [K in P | 'config' | 'styles' | 'strings' | 'client' | 'callbacks' | 'nonce' as K extends keyof E ? K : never]?: K extends keyof E ? E[K] : never;
} & {
  onStytchEvent?: (event: StytchEvent) => void;
  onStytchError?: (event: StytchErrorEvent) => void;
};

declare module 'vue' {
  interface GlobalComponents {
    'stytch-ui': DefineComponent<StytchElementVueProps<StytchLoginElement>>;
    'stytch-reset-password': DefineComponent<StytchElementVueProps<StytchResetPasswordElement, 'passwordResetToken'>>;
    'stytch-passkey-registration': DefineComponent<StytchElementVueProps<StytchPasskeyRegistrationElement>>;
    'stytch-b2b-ui': DefineComponent<StytchElementVueProps<StytchB2BElement>>;
  }
}
