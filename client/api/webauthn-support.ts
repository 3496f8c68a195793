/*
 * What the browser supports of WebAuthn: feature checks that ask the browser, never the network.
 * They stay in the client's first load (not with the calls loaded on demand, ./calls.ts): a
 * widget asks at once (passkey autofill on Main), and waiting on the calls' chunk for them put
 * its fetch and evaluation inside Main's first render (bench/RESULTS.md).
 */

const PKC = () =>
  (
    globalThis as {
      PublicKeyCredential?: {
        getClientCapabilities?: () => Promise<Record<string, boolean>>;
        isUserVerifyingPlatformAuthenticatorAvailable?: () => Promise<boolean>;
        isConditionalMediationAvailable?: () => Promise<boolean>;
      };
    }
  ).PublicKeyCredential;

/** The browser's WebAuthn client capabilities; none known where it cannot tell (older browsers). */
const capabilities = async (): Promise<Record<string, boolean>> => {
  try {
    return (await PKC()?.getClientCapabilities?.()) ?? {};
  } catch {
    return {};
  }
};

/** The `webauthn` namespace's support checks. */
export const webauthnSupport = {
  /**
   * Whether the browser can make a passkey by conditional create (its client capability
   * `conditionalCreate`, WebAuthn L3 `getClientCapabilities()`).
   */
  async browserSupportsConditionalCreate(): Promise<boolean> {
    return (await capabilities()).conditionalCreate === true;
  },
  /**
   * Whether this device has an authenticator of its own that verifies its user (a platform
   * passkey: fingerprint, face or screen lock), rather than only security keys or a phone.
   */
  async browserSupportsPlatformPasskey(): Promise<boolean> {
    const caps = await capabilities();
    if (typeof caps.userVerifyingPlatformAuthenticator === 'boolean') return caps.userVerifyingPlatformAuthenticator;
    try {
      return !!(await PKC()?.isUserVerifyingPlatformAuthenticatorAvailable?.());
    } catch {
      return false;
    }
  },
  /** Whether the browser offers passkeys in input autofill (conditional mediation). */
  async browserSupportsAutofill(): Promise<boolean> {
    try {
      return !!(await PKC()?.isConditionalMediationAvailable?.());
    } catch {
      return false;
    }
  },
};
