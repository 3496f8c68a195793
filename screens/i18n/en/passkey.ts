import { passkeyButtonMessages } from './passkey-button.ts';

/** English: the passkey screens, and the button's words (format: ../catalog.ts). Exactly as SPEC words it. */
export const passkeyMessages = {
  ...passkeyButtonMessages,
  'passkey.success.title': 'Success',
  'passkey.success.content': 'Your Passkey has been successfully authenticated.',
  'passkey.registrationStart.title': 'Set up a new Passkey',
  'passkey.registrationStart.subtitle': "With Passkeys you don't need to remember complex passwords.",
  'passkey.registrationStart.description':
    'Passkeys are encrypted digital keys you create using your fingerprint, face, or screen lock. Creating a Passkey will allow you to easily and securely log in to your account.',
  'passkey.registrationStart.error.noUser': 'Error: Cannot use PasskeyRegistration component without active user authenticated.',
  'button.createPasskey': 'Create a Passkey',
  'button.skip': 'Skip',
  'passkey.registrationSuccess.title': 'Passkey successfully created!',
  'passkey.registrationSuccess.existingPasskeys': 'Existing Passkeys',
  'passkey.registrationSuccess.setupAnother': 'Set up another Passkey',
  'passkey.registrationSuccess.deleteWarning': 'Once deleted, the passkey cannot be restored.',
  'button.done': 'Done',
  'button.delete': 'Delete',
  'button.cancel': 'Cancel',
  'button.save': 'Save',
  'passkey.rename.ariaLabel': 'Rename {name}',
  'passkey.delete.ariaLabel': 'Delete {name}',
  'passkey.editing.label': 'Passkey name',
  'passkey.defaultName': 'Passkey',
  'passkey.device.desktop': 'Desktop device',
  'passkey.device.mobile': 'Mobile device',
  'passkey.device.unknown': 'Unknown device',
  // The passkey upgrade after a sign-in (ours: the official UI has none).
  'passkey.upgrade.offer': 'Sign in faster next time: add a passkey and use your fingerprint, face or screen lock.',
  'button.addPasskey': 'Add a passkey',
  'passkey.upgrade.added': 'Passkey added. Next time, sign in with your fingerprint, face or screen lock.',
  'passkey.upgrade.error': 'The passkey was not added. Please try again.',
  'error.duplicatePasskey': 'The Passkey cannot be created as it seems to be already registered. It is possible this Passkey was registered on another device but has synced cross-device.',
  'error.passkeyNotCreated': 'Your Passkey was not created. Click “Create a Passkey” to try again or skip without adding a Passkey.',
} as const;
