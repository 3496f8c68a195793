import type { OtpCredentials } from '../env.ts';

/** Waits for an SMS code through the Web OTP API; resolves undefined where it is missing or aborted. */
export async function receiveSmsCode(credentials: OtpCredentials | undefined, signal: AbortSignal): Promise<string | undefined> {
  if (!credentials || typeof globalThis.OTPCredential === 'undefined') return undefined;
  try {
    const c = (await credentials.get({ otp: { transport: ['sms'] }, signal })) as (Credential & { code?: string }) | null;
    return c?.code;
  } catch {
    return undefined;
  }
}

declare global {
  var OTPCredential: unknown;
}
