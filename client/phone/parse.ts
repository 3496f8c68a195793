import type { Timers } from '../core/env.ts';
import { withTimeout } from '../core/timeout.ts';
import type { ClientsideServices } from './channel.ts';
import { dialCode } from './dial-codes.ts';

/** SPEC §5: parsing on submit waits at most 2 s, display formatting at most 10 s. */
export const PHONE_SUBMIT_TIMEOUT_MS = 2000;
export const PHONE_DISPLAY_TIMEOUT_MS = 10000;

/** A parsed phone number. */
export interface ParsedPhone {
  isValid: boolean;
  /** E.164 */
  number: string;
  national: string;
}

/** Parses for submit; when the service is slow or down, the number counts as valid with the region's dialing code prefixed. */
export async function parsePhoneForSubmit(services: ClientsideServices, timers: Timers, phoneNumber: string, regionCode = 'US'): Promise<ParsedPhone> {
  const r = await withTimeout(services.parsedPhoneNumber({ phoneNumber, regionCode }), PHONE_SUBMIT_TIMEOUT_MS, timers);
  if (r) return r;
  const digits = phoneNumber.replace(/[^\d]/g, '');
  const number = phoneNumber.trim().startsWith('+') ? `+${digits}` : `+${dialCode(regionCode) ?? ''}${digits}`;
  return { isValid: true, number, national: phoneNumber };
}

/** Formats for display; falls back to the raw input after 10 s or on failure. */
export async function formatPhoneForDisplay(services: ClientsideServices, timers: Timers, phoneNumber: string, regionCode = 'US'): Promise<string> {
  const r = await withTimeout(services.parsedPhoneNumber({ phoneNumber, regionCode }), PHONE_DISPLAY_TIMEOUT_MS, timers);
  return r?.isValid ? r.national : phoneNumber;
}
