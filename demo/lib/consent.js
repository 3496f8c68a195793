// The consent page of either product line (authorize.html, b2b-authorize.html): the provider's
// authorization URL, where every app that signs in with this site lands.
import { pageLocale, pageStrings, pageStyles } from './words.js';

/**
 * Mounts the consent element in `#consent`; while nobody is signed in, the line's login element
 * in `#login` (`mountLogin(common, here)` mounts it with the shared options), after which the
 * consent above follows with the app's request as it came. A magic link comes back to this very
 * address, so the request is still on it. The events show in `#events`.
 */
export function consentPage({ client, mountIdentityProvider, mountLogin }) {
  const events = document.getElementById('events');
  const callbacks = { onEvent: (e) => (events.textContent = `Event: ${e.type}`), onError: (e) => console.info('consent:', e.name, e.message) };
  const common = { elementId: '#login', client, locale: pageLocale(), styles: pageStyles(), strings: pageStrings(), callbacks };
  mountIdentityProvider({ elementId: '#consent', client, config: { locale: common.locale }, styles: common.styles, strings: common.strings, callbacks });

  const here = location.href;
  let loginShown = false;
  function render() {
    const signedIn = client.session.getSync() != null;
    document.getElementById('login').hidden = signedIn;
    if (signedIn || loginShown) return;
    loginShown = true;
    mountLogin(common, here);
  }
  client.session.onChange(render);
  render();
}
