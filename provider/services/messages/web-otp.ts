import type { ProjectConfig } from '../../config.ts';
import { relyingParty } from '../webauthn-rp.ts';

/**
 * The host a passcode SMS is bound to: the page host the widget runs on. Web OTP matches the
 * top-level page's host exactly, so with an `rpId` that is a parent domain (example.com) the
 * authorized origin under it (www.example.com) is the one to name; the rpId itself otherwise.
 */
export function webOtpHost(config: ProjectConfig): string {
  const rp = relyingParty(config, undefined);
  const origin = rp.origins[0];
  return origin ? new URL(origin).hostname : rp.rpId;
}

/** The last line of a passcode SMS for the Web OTP API and iOS code autofill: `@host #code`. */
export function webOtpLine(config: ProjectConfig, code: string): string {
  return `@${webOtpHost(config)} #${code}`;
}
