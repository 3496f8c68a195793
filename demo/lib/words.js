// The demo's language picker, `strings` example and theme, shared by every page (no client here).
/** The widget's locales (a file each under screens/i18n/locales), named in their own language, and the en-XA pseudo-locale. */
export const locales = [
  ['en', 'English'],
  ['es', 'Español'],
  ['fr', 'Français'],
  ['de', 'Deutsch'],
  ['it', 'Italiano'],
  ['pt-BR', 'Português (Brasil)'],
  ['nl', 'Nederlands'],
  ['pl', 'Polski'],
  ['ja', '日本語'],
  ['ko', '한국어'],
  ['zh-CN', '简体中文'],
  ['ar', 'العربية'],
  ['he', 'עברית'],
  ['en-XA', 'Pseudo-locale (en-XA: accented, 40% longer)'],
];

/**
 * The `strings` example: official message ids to ICU MessageFormat texts, laid over whatever
 * locale the widget speaks. "Sign in" where the official UI says "Log In", and one message with a
 * parameter.
 */
export const stringsExample = {
  'login.title': 'Sign in or create an account',
  'password.login.title': 'Sign in',
  'button.loginWithPasskey': 'Sign in with a passkey',
  'password.reset.loginWithoutPassword': 'Sign in without a password',
  'passcode.sentConfirmation': 'We sent a 6-digit code to {destination}.',
};

// The picked language is remembered, so the pages a journey reaches from an email (the reset
// page, the passkey page) speak it too: their links cannot carry it.
const REMEMBERED = 'stytch-demo-locale';

/** `?locale=` on a demo page, else the language last picked in this browser: the widget's language (English when neither). */
export function pageLocale() {
  const asked = new URLSearchParams(location.search).get('locale');
  if (asked !== null) return asked || undefined;
  try {
    return localStorage.getItem(REMEMBERED) || undefined;
  } catch {
    return undefined;
  }
}

/** `?strings=example` on a demo page: the strings example over the locale's words. */
export function pageStrings() {
  return new URLSearchParams(location.search).get('strings') === 'example' ? stringsExample : undefined;
}

/**
 * Fills `select` with the locales and `checkbox` (optional) with the strings example's state;
 * a change reloads the page with `?locale=` / `?strings=example`, so a link keeps the choice.
 */
export function wordsPicker(select, checkbox) {
  const current = pageLocale() ?? 'en';
  for (const [tag, name] of locales) select.append(new Option(name, tag, false, tag === current));
  const go = () => {
    const url = new URL(location.href);
    url.searchParams.set('locale', select.value);
    try {
      if (select.value === 'en') localStorage.removeItem(REMEMBERED);
      else localStorage.setItem(REMEMBERED, select.value);
    } catch {
      // Storage off: the choice lives in the URL only.
    }
    if (checkbox?.checked) url.searchParams.set('strings', 'example');
    else url.searchParams.delete('strings');
    location.assign(url.href);
  };
  select.addEventListener('change', go);
  if (checkbox) {
    checkbox.checked = pageStrings() !== undefined;
    checkbox.addEventListener('change', go);
  }
}

/** The page's `styles`: dark when the address asks for `?theme=dark`. */
export function pageStyles() {
  return new URLSearchParams(location.search).get('theme') === 'dark' ? { colorScheme: 'dark' } : {};
}
