import type { CDPSession, Page } from '@playwright/test';

/**
 * A CDP virtual platform authenticator: discoverable credentials, user verification that
 * succeeds. `enableUI`: Chromium runs its real passkey UI paths instead of answering at once
 * (a conditional create is then declined, as a browser with no password it just filled does).
 */
export async function addAuthenticator(page: Page, o: { enableUI?: boolean } = {}): Promise<{ cdp: CDPSession; id: string }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable', { enableUI: o.enableUI ?? false });
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });
  return { cdp, id: authenticatorId };
}
