/*
 * An OAuth sign-in (either widget) or a B2B SSO one leaves the page for the identity provider
 * and comes back to a redirect URL. With a token, the return is the widget's to spend; a
 * refusal comes back with `error`/`error_description` instead, which any link could also carry.
 * So the widget notes in this tab's session storage that it started one, and shows a refusal
 * only when it did.
 */

const KEY = 'stytch_ui_redirect_sign_in';
export type RedirectSignIn = 'sso' | 'oauth';

/** Notes, just before the navigation, which kind of sign-in this tab started. */
export function rememberRedirectSignIn(kind: RedirectSignIn): void {
  try {
    globalThis.sessionStorage?.setItem(KEY, kind);
  } catch {
    // Storage refused (a sandboxed frame): a refusal coming back is then not shown, only the token flows work.
  }
}

/** The sign-in this tab started, forgotten as it is read (each return is read once). */
export function takeRedirectSignIn(): RedirectSignIn | undefined {
  try {
    const kind = globalThis.sessionStorage?.getItem(KEY);
    globalThis.sessionStorage?.removeItem(KEY);
    return kind === 'sso' || kind === 'oauth' ? kind : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The refusal a sign-in this tab started came back with (`started`, from takeRedirectSignIn),
 * taken out of `url` and the address bar, as the Error the host's onError hears: the provider's
 * words go there, the person reads the widget's own. Undefined when there is none to show.
 */
export function takeRefusal(url: URL, started: RedirectSignIn | undefined): Error | undefined {
  const refusal = url.searchParams.get('error');
  if (!started || !refusal) return undefined;
  const description = url.searchParams.get('error_description') ?? refusal;
  url.searchParams.delete('error');
  url.searchParams.delete('error_description');
  globalThis.history.replaceState(globalThis.history.state, '', url);
  return new Error(`${started === 'sso' ? 'SSO' : 'OAuth'} sign-in refused: ${refusal}: ${description}`);
}
