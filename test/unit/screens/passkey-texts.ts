import { passkeyMessages } from '../../../screens/i18n/en/passkey.ts';

/** The English text of a passkey message id: the tests read what the screens show from the catalog. */
export const passkeyText = (id: keyof typeof passkeyMessages) => passkeyMessages[id];
const t = passkeyText;
/** The passkey screens' texts the tests look for most, by what they say. */
export const passkeyTexts = {
  noUser: t('passkey.registrationStart.error.noUser'),
  deleteWarning: t('passkey.registrationSuccess.deleteWarning'),
  duplicate: t('error.duplicatePasskey'),
  notCreated: t('error.passkeyNotCreated'),
  authUnknown: t('error.passkeyUnknown'),
  authNotFound: t('error.passkeyRegistrationNotFound'),
};
