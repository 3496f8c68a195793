import { createWidgetElement } from './create-element.ts';

export const tags = {
  login: 'stytch-ui',
  resetPassword: 'stytch-reset-password',
  passkeyRegistration: 'stytch-passkey-registration',
} as const;

/** Registers the three elements; defining one twice is not an error. */
export function defineAll(registry: CustomElementRegistry = customElements): void {
  const entries: Array<[string, Parameters<typeof createWidgetElement>[0]]> = [
    [tags.login, 'login'],
    [tags.resetPassword, 'reset-password'],
    [tags.passkeyRegistration, 'passkey-registration'],
  ];
  for (const [tag, mode] of entries) {
    if (!registry.get(tag)) registry.define(tag, createWidgetElement(mode));
  }
}
