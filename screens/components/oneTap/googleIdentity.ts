import type { GoogleIdentity, OneTapEnv } from '../../env.ts';

const GSI_SCRIPT = 'https://accounts.google.com/gsi/client';
let loading: Promise<GoogleIdentity> | undefined;

/** Loads Google's script once per page. */
function loadGoogle(): Promise<GoogleIdentity> {
  return (loading ??= new Promise<GoogleIdentity>((resolve, reject) => {
    const s = document.createElement('script');
    s.src = GSI_SCRIPT;
    s.async = true;
    s.onload = () => {
      const id = (globalThis as { google?: { accounts?: { id?: GoogleIdentity } } }).google?.accounts?.id;
      if (id) resolve(id);
      else reject(new Error('Google Identity Services loaded without google.accounts.id'));
    };
    s.onerror = () => {
      loading = undefined;
      reject(new Error('Google Identity Services could not be loaded'));
    };
    document.head.append(s);
  }));
}

/** The browser's One Tap environment. */
export const browserOneTapEnv: OneTapEnv = {
  loadGoogle,
  supportsFedCM: () => 'IdentityCredential' in globalThis,
  navigate: (url) => globalThis.location.assign(url),
  origin: () => globalThis.location.origin,
};
