import type { ClientEnv } from '../core/env.ts';
import { StytchSDKError } from '../errors.ts';
import { IframeChannel, type ClientsideServices } from './channel.ts';
import { formatPhoneForDisplay, parsePhoneForSubmit, type ParsedPhone } from './parse.ts';

/**
 * The clientside-services page (opened on first use, at `url()`: the configured page, else the
 * provider's) and the phone parsing that goes through it, with the SPEC §5 timeouts and
 * fallbacks: the B2C client's `phone`, and the B2B widget's MFA phone field (the B2B headless
 * client leaves it out and says only where the page is, keeping its own size in budget).
 */
export function clientsideServices(env: Pick<ClientEnv, 'document' | 'timers'>, url: () => string) {
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
    /** Closes the page; a later use opens it again. */
    dispose: (): void => {
      channel?.dispose();
      channel = undefined;
    },
  };
}
