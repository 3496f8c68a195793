import type { ClientEnv } from '../core/env.ts';
import { StytchSDKError } from '../errors.ts';
import { IframeChannel, type ClientsideServices } from './channel.ts';
import { formatPhoneForDisplay, parsePhoneForSubmit, type ParsedPhone } from './parse.ts';

/**
 * The clientside-services page of a client (B2C or B2B): opened on first use, at `url()` (the
 * configured page, else the provider's), and the phone parsing that goes through it, with the
 * SPEC §5 timeouts and fallbacks.
 */
export function clientsideServices(env: ClientEnv, url: () => string) {
  let channel: IframeChannel | undefined;
  const services = (): ClientsideServices => {
    if (!env.document) throw new StytchSDKError('The clientside services need a document.');
    const doc = env.document;
    return (channel ??= new IframeChannel(url(), () => doc));
  };
  return {
    services,
    phone: {
      parse: (phoneNumber: string, regionCode?: string): Promise<ParsedPhone> => parsePhoneForSubmit(services(), env.timers, phoneNumber, regionCode),
      format: (phoneNumber: string, regionCode?: string): Promise<string> => formatPhoneForDisplay(services(), env.timers, phoneNumber, regionCode),
      example: (regionCode: string) => services().getExamplePhoneNumber({ regionCode }),
    },
    dispose: (): void => channel?.dispose(),
  };
}

/** The page's address: the configured one, else the provider's. */
export const servicesUrl = (configured: string | undefined, baseUrl: string) => configured ?? `${baseUrl.replace(/\/+$/, '')}/clientside-services/index.html`;
