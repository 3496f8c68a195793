import { atom } from 'jotai';

/** The passkey sign-in error shown by the passkey button; autofill and the button share it. */
export const passkeyErrorAtom = atom<string | undefined>(undefined);

/** The pending autofill request; a modal prompt cancels it first, as a page may hold only one. */
export const autofillAbortAtom = atom<{ abort(): void } | null>(null);
