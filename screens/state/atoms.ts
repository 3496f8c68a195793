import { atom } from 'jotai';

/**
 * The login widget's screens by name. `screens/registry.ts` fills this in from its own map
 * (module augmentation), so the names are derived from the registry while no file here
 * imports it: a flow names a screen the registry lacks, and the compiler refuses it.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- an interface, empty here, so the registry can merge its keys into it
export interface ScreenRegistry {}
/** Screen names of the login widget (SPEC §2), one for each entry of the registry. */
export type LoginScreenName = keyof ScreenRegistry & string;
/** The passkey-registration element's two screens; its own flow shows them. */
export type PasskeyRegistrationScreenName = 'PasskeyRegistrationStart' | 'PasskeyRegistrationSuccess';
/** `<stytch-b2b-ui>`'s screens, filled in the same way by `screens/b2b/registry.ts`. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- empty here on purpose: the B2B registry fills it in by declaration merging
export interface B2BScreenRegistry {}
export type B2BScreenName = keyof B2BScreenRegistry & string;
/** Every screen name of every element: one screen atom and one `useGo()` for both product lines. */
export type ScreenName = LoginScreenName | PasskeyRegistrationScreenName | B2BScreenName;

// Widget form state (SPEC §3). Atoms are module constants, but their values live in the
// store each element creates, so two widgets on one page never share them.
export const screenAtom = atom<ScreenName>('Main');
/** How many transitions this widget has made; headings take focus only after the first. */
export const transitionCountAtom = atom(0);
/**
 * The "set screen" action of SPEC §4: every screen change goes through it, by `useGo()`
 * (hooks/useGo.ts), which makes it a React transition so the current screen stays until the next loads.
 */
export const transitionAtom = atom(null, (get, set, screen: ScreenName) => {
  set(screenAtom, screen);
  set(transitionCountAtom, get(transitionCountAtom) + 1);
});
export const errorMessageAtom = atom<string | undefined>(undefined);
/** The address a link went to and, with `crossDevice`, the request this tab waits on (client `LinkRequest`). */
export const magicLinkStateAtom = atom<{ email: string; request?: { request_id: string; secret: string; code: string; expires_at: string } | undefined }>({ email: '' });
export const otpStateAtom = atom<{ type: 'email' | 'sms' | 'whatsapp'; methodId: string; otpDestination: string }>({ type: 'email', methodId: '', otpDestination: '' });
export const cryptoStateAtom = atom<{ walletAddress: string; walletOption: string; walletChallenge: string }>({ walletAddress: '', walletOption: 'Metamask', walletChallenge: '' });
export const passwordStateAtom = atom<{ email: string; type: 'new' | 'password' | 'passwordless' }>({ email: '', type: 'new' });
export const resetPasswordStateAtom = atom<{ token: string }>({ token: '' });

/** One toast (SPEC §4, §9); `visible` turns false on dismissal, removal follows 1 s later. */
export interface Toast {
  id: number;
  kind: 'success' | 'error';
  message: string;
  visible: boolean;
}
export const toastsAtom = atom<Toast[]>([]);
/** When the current OTP expires (clock ms); resend moves it. */
export const otpExpiryAtom = atom(0);
/** The email typed on Main, kept so 'Try again' can clear it. */
export const mainEmailAtom = atom('');
/** The reset page's `stytch_token_type` (SPEC §4): 'login' authenticates the token at once. */
export const resetTokenTypeAtom = atom<string | undefined>(undefined);

/**
 * The words for an OAuth sign-in this tab started that came back refused (`error=` on the login
 * widget's page): Main's OAuth buttons show them until the next press.
 */
export const oauthRefusalAtom = atom<string | undefined>(undefined);

/** A magic link's or an OAuth return's token found in the login widget's own page URL, being redeemed. */
export const linkReturnAtom = atom<{ token: string; type: 'magic_links' | 'oauth' }>({ token: '', type: 'magic_links' });

/**
 * How the user last signed in through this widget, set by the flow that signed them in: the
 * success screen offers a passkey after a password, passcode or magic link (`passkeyUpgrade`).
 */
export type SignInMethod = 'password' | 'otp' | 'magic_link' | 'oauth';
export const signInMethodAtom = atom<SignInMethod | undefined>(undefined);
