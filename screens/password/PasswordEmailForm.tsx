import { useSetAtom } from 'jotai';
import { useWidget, useStrings } from '../context.ts';
import { requireClient } from '../hooks/requireClient.ts';
import { EmailEntry } from '../components/EmailEntry.tsx';
import { errorMessageAtom, passwordStateAtom } from '../state/atoms.ts';
import { useGo } from '../hooks/useGo.ts';

/** Main's password tab: looks the email up, then create, log in or passwordless (SPEC §4). */
export default function PasswordEmailForm() {
  const t = useStrings();
  const { client } = useWidget();
  const setPassword = useSetAtom(passwordStateAtom);
  const clearBanner = useSetAtom(errorMessageAtom);
  const go = useGo();

  const lookUp = async (address: string) => {
    const { userType } = await requireClient(client).user.search(address);
    setPassword({ email: address, type: userType });
    clearBanner(undefined);
    go('PasswordCreateOrLogin');
  };

  return <EmailEntry invalidMessage={t('errors.invalidEmail')} autoComplete="username" onEmail={lookUp} />;
}
