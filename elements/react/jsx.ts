/**
 * The elements' JSX types for React 19, which sets an element's props as its properties and
 * listens to `on<event-name>` props: a host that renders `<stytch-ui>` itself declares nothing.
 * Shipped with stytch-ui/react and stytch-ui/react-external.
 */
import type { DetailedHTMLProps, HTMLAttributes } from 'react';
import type { StytchB2BElement } from '../b2b/element.ts';
import type { StytchErrorEvent, StytchEvent } from '../events.ts';
import type { StytchLoginElement } from '../login/element.ts';
import type { StytchPasskeyRegistrationElement } from '../passkey-registration/element.ts';
import type { StytchResetPasswordElement } from '../reset-password/element.ts';

/** The props of one element: its properties, its two events, and React's own attributes. */
export type StytchElementProps<E extends HTMLElement, P extends keyof E = never> = DetailedHTMLProps<HTMLAttributes<E>, E> & {
  [K in P | 'config' | 'styles' | 'strings' | 'client' | 'callbacks' as K extends keyof E ? K : never]?: K extends keyof E ? E[K] : never;
} & {
  /** Every widget event (`event.detail = { type, data }`). */
  'onstytch-event'?: (event: StytchEvent) => void;
  /** Every widget error (`event.error`). */
  'onstytch-error'?: (event: StytchErrorEvent) => void;
  nonce?: string;
};

/** The package's tags. */
export interface StytchIntrinsicElements {
  'stytch-ui': StytchElementProps<StytchLoginElement>;
  'stytch-reset-password': StytchElementProps<StytchResetPasswordElement, 'passwordResetToken'>;
  'stytch-passkey-registration': StytchElementProps<StytchPasskeyRegistrationElement>;
  'stytch-b2b-ui': StytchElementProps<StytchB2BElement>;
}

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements extends StytchIntrinsicElements {}
  }
}
