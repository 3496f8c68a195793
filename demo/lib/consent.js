// The consent page of either product line (authorize.html, b2b-authorize.html): the provider's
// authorization URL, where every app that signs in with this site lands.
import { pageLocale, pageStrings, pageStyles } from './words.js';

/**
 * Mounts the consent element in `#consent`; while nobody is signed in, the line's login element
 * in `#login` (`mountLogin(common)` mounts it with the shared options), after which the consent
 * above follows with the app's request as it came: the login stays on this page (a passcode or
 * a password), so the request is still in its address. The events show in `#events`.
 */
export function consentPage({ client, mountIdentityProvider, mountLogin }) {
  const events = document.getElementById('events');
  const callbacks = { onEvent: (e) => (events.textContent = `Event: ${e.type}`), onError: (e) => console.info('consent:', e.name, e.message) };
  const common = { elementId: '#login', client, locale: pageLocale(), styles: pageStyles(), strings: pageStrings(), callbacks };
  mountIdentityProvider({ elementId: '#consent', client, config: { locale: common.locale }, styles: common.styles, strings: common.strings, callbacks });

  let loginShown = false;
  function render() {
    const signedIn = client.session.getSync() != null;
    document.getElementById('login').hidden = signedIn;
    if (signedIn || loginShown) return;
    loginShown = true;
    mountLogin(common);
  }
  client.session.onChange(render);
  render();
}
