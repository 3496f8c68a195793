// The protected page's server-side session check, and why it failed when it did.
import { RequestError, StytchError, type Client } from 'stytch';

export type SessionCheck = { email: string } | { signedOut: true } | { problem: string };

/**
 * Checks `token` with the provider. Only an answer that the session is gone means signed out;
 * anything else (a wrong secret, a certificate this server does not trust, a provider that is
 * down) is a problem of this server's setup. Sending the visitor to the login for it would loop:
 * the login's client still holds the session and sends the browser straight back here.
 */
export async function checkSession(sdk: Client, token: string, apiUrl: string): Promise<SessionCheck> {
  try {
    const { user, session } = await sdk.sessions.authenticate({ session_token: token });
    return { email: user.emails[0]?.email ?? session.user_id };
  } catch (err) {
    if (err instanceof StytchError && err.error_type === 'session_not_found') return { signedOut: true };
    const problem =
      err instanceof StytchError
        ? `the provider refused the check: ${err.error_type} (${err.error_message})${err.error_type === 'unauthorized_credentials' ? ". Is STYTCH_SECRET one of the provider's secrets, and STYTCH_PROJECT_ID its project?" : ''}`
        : err instanceof RequestError
          ? `the provider at ${apiUrl} could not be reached: ${await whyUnreachable(apiUrl)}`
          : String(err);
    // In the terminal that runs the server, where its operator looks.
    console.error(`Profile: the server's session check failed, ${problem}`);
    return { problem };
  }
}

/**
 * Why a request to `url` fails. The SDK's error keeps only fetch's "fetch failed"; the cause
 * (an untrusted certificate, a refused connection) is on the error of a request of our own.
 */
async function whyUnreachable(url: string): Promise<string> {
  try {
    await fetch(url, { method: 'HEAD' });
    return "the request failed, but a request of this server to it went through (is STYTCH_API_URL the provider's server API?)";
  } catch (err) {
    const cause: unknown = err instanceof Error ? err.cause : undefined;
    const code = cause instanceof Error && 'code' in cause ? String(cause.code) : '';
    const said = cause instanceof Error ? `${cause.message}${code ? ` (${code})` : ''}` : String(err);
    return /CERT|SELF_SIGNED|UNABLE_TO_VERIFY/.test(code)
      ? `${said}: this server does not trust the provider's certificate. Start it with NODE_EXTRA_CA_CERTS=<the certificate npm start prints beside "Server API">.`
      : said;
  }
}
