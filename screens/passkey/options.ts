import type { WidgetConfig } from '../config/resolve.ts';

/** `passkeyOptions.domain`: the rpID the host asks for, when it sets one. */
export function passkeyDomain(config: WidgetConfig): string | undefined {
  const domain = (config.passkeyOptions as { domain?: unknown } | undefined)?.domain;
  return typeof domain === 'string' && domain !== '' ? domain : undefined;
}
