/**
 * The passkey screens' part of the string catalog, exactly as SPEC words it. It loads with
 * those screens rather than with Main, so the login element's first load does not carry it;
 * a translation supplies this object alongside the main catalog.
 */
export const passkeyStrings = {
  success: 'Success',
  passkeyAuthenticated: 'Your Passkey has been successfully authenticated.',
  registrationTitle: 'Set up a new Passkey',
  registrationSubtitle: "With Passkeys you don't need to remember complex passwords.",
  registrationExplainer:
    'Passkeys are encrypted digital keys you create using your fingerprint, face, or screen lock. Creating a Passkey will allow you to easily and securely log in to your account.',
  create: 'Create a Passkey',
  skip: 'Skip',
  noUser: 'Error: Cannot use PasskeyRegistration component without active user authenticated.',
  successTitle: 'Passkey successfully created!',
  existing: 'Existing Passkeys',
  setUpAnother: 'Set up another Passkey',
  done: 'Done',
  delete: 'Delete',
  cancel: 'Cancel',
  save: 'Save',
  deleteWarning: 'Once deleted, the passkey cannot be restored.',
  rename: (name: string) => `Rename ${name}`,
  remove: (name: string) => `Delete ${name}`,
  nameLabel: 'Passkey name',
  unnamed: 'Passkey',
  desktop: 'Desktop device',
  mobile: 'Mobile device',
  unknownDevice: 'Unknown device',
  duplicate:
    'The Passkey cannot be created as it seems to be already registered. It is possible this Passkey was registered on another device but has synced cross-device.',
  notCreated: 'Your Passkey was not created. Click “Create a Passkey” to try again or skip without adding a Passkey.',
  authUnknown: 'Unknown error occurred during passkey authentication. Please try again.',
  authNotFound: 'Passkey registration not found. You may have deleted the passkey from your account but not password manager. Please try again.',
} as const;

export type PasskeyStrings = typeof passkeyStrings;
