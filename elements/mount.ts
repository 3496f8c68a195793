import { tags } from './define.ts';

/** Options every mount function takes. */
export interface MountOptions {
  elementId: string;
  config?: unknown;
  styles?: unknown;
  callbacks?: unknown;
}

function mount(tag: string, options: MountOptions): HTMLElement {
  const target = document.querySelector(options.elementId);
  if (!target) {
    throw new Error(
      `The selector you specified (${options.elementId}) applies to no DOM elements that are currently on the page. Make sure the element exists on the page before calling mount.`,
    );
  }
  const existing = target.querySelector(tag);
  const el = (existing ?? document.createElement(tag)) as HTMLElement & Record<string, unknown>;
  el.config = options.config;
  el.styles = options.styles;
  el.callbacks = options.callbacks;
  if (!existing) target.replaceChildren(el);
  return el;
}

export const mountLogin = (options: MountOptions) => mount(tags.login, options);
export const mountResetPassword = (options: MountOptions & { passwordResetToken?: string }) => mount(tags.resetPassword, options);
export const mountPasskeyRegistration = (options: MountOptions) => mount(tags.passkeyRegistration, options);
