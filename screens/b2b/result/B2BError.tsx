import { useAtomValue } from 'jotai';
import { ErrorText } from '../../components/ErrorText.tsx';
import { Heading } from '../../components/Heading.tsx';
import { useGo } from '../../hooks/useGo.ts';
import { b2bErrorAtom } from '../state.ts';
import { useB2BStrings } from '../widget.ts';

/**
 * The Error screen (the official ErrorScreen): its title, the text of its type (announced), and
 * 'Go back' where there is somewhere to go. CannotJoinOrgDueToAuthPolicy names the organization
 * whose policy refused the sign-in; from Discovery it leads back to the list, whose other
 * organizations stay open.
 */
export default function B2BError() {
  const t = useB2BStrings();
  const go = useGo();
  const error = useAtomValue(b2bErrorAtom);
  const text =
    error.type === 'CannotJoinOrgDueToAuthPolicy'
      ? error.organizationName
        ? t('error.authPolicyWithOrg', { organizationName: error.organizationName })
        : t('error.authPolicyNoOrg')
      : (error.message ?? t('error.default'));
  const back = error.type === 'CannotJoinOrgDueToAuthPolicy' ? (error.canGoBack ? 'Discovery' : undefined) : 'Main';
  return (
    <section part="container">
      <Heading>{t('error.title')}</Heading>
      <ErrorText message={text} />
      {back ? (
        <button type="button" part="button button-secondary" onClick={() => go(back)}>
          {t('button.goBack')}
        </button>
      ) : null}
    </section>
  );
}
