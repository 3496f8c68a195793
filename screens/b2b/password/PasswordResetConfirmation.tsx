import { useAtomValue, useSetAtom } from 'jotai';
import { Heading } from '../../components/Heading.tsx';
import { useGo } from '../../hooks/useGo.ts';
import { b2bEmailAtom } from '../state.ts';
import { useB2BStrings } from '../widget.ts';
import { ghostButtonCss } from './styles.ts';

/**
 * Password Reset Verify Confirmation: 'Verify your email first.' An address without a password
 * was sent a login link that proves it; 'Try again' starts over with an empty field.
 */
export default function PasswordResetConfirmation() {
  const t = useB2BStrings();
  const go = useGo();
  const email = useAtomValue(b2bEmailAtom);
  const setEmail = useSetAtom(b2bEmailAtom);
  const retry = () => {
    setEmail('');
    go('Main');
  };
  return (
    <section part="container">
      <Heading>{t('password.verification.title')}</Heading>
      <p>{t.rich('password.verification.content', { email })}</p>
      <button type="button" part="link-button" css={ghostButtonCss} onClick={retry}>
        {t('button.retry')}
      </button>
    </section>
  );
}
