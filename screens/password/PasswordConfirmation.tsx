import { SuccessScreen } from '../components/SuccessScreen.tsx';
import { passwordMessages } from '../i18n/en/password.ts';
import { useStrings } from '../context.ts';
import { usePasskeyOffer } from '../components/usePasskeyOffer.ts';

/** 'Success!' / 'You have successfully logged in.' with the check, and the passkey upgrade after a password or magic link; completes the flow once. */
export default function PasswordConfirmation() {
  const t = useStrings(passwordMessages);
  return (
    <SuccessScreen title={t('success.title')} text={t('login.success.content')}>
      {usePasskeyOffer()}
    </SuccessScreen>
  );
}
