import { expect, test } from '@playwright/test';

/** The tag of a test that moves the shared provider's clock: the config runs those alone, last. */
export const PROVIDER_CLOCK_TAG = '@provider-clock';
export const MOVES_PROVIDER_CLOCK = new RegExp(PROVIDER_CLOCK_TAG);

/**
 * Moves the provider's clock ahead by `ms` (it never goes back). Every worker's tests share
 * that provider, so only a test tagged PROVIDER_CLOCK_TAG may: anywhere else a code or session
 * of a test running beside it could expire under it.
 */
export async function advanceProviderClock(ms: number): Promise<void> {
  if (!test.info().tags.includes(PROVIDER_CLOCK_TAG)) throw new Error(`a test that moves the provider's clock is tagged ${PROVIDER_CLOCK_TAG}, so it runs alone`);
  const res = await fetch(`${process.env.E2E_CLOCK_URL}/advance?ms=${ms}`, { method: 'POST' });
  expect(res.status).toBe(204);
}
