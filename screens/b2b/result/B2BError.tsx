import { useAtomValue } from 'jotai';
import { ErrorText } from '../../components/ErrorText.tsx';
import { Heading } from '../../components/Heading.tsx';
import { useGo } from '../../hooks/useGo.ts';
import { b2bErrorAtom, type B2BError } from '../state.ts';
import { useB2BStrings } from '../widget.ts';

type Strings = ReturnType<typeof useB2BStrings>;

/**
 * How a method the organization allows is named in the CannotJoinOrgDueToAuthPolicy list: the
 * words the widget uses to offer it (the official catalog has no names of their own).
 */
const METHOD_LABELS = {
  magic_link: 'emailMethodSelection.link',
  email_otp: 'emailMethodSelection.code',
  password: 'password.login.title',
  sso: 'provider.continueWithSSO',
  google_oauth: 'oauth.continueWithGoogle',
  microsoft_oauth: 'oauth.continueWithMicrosoft',
  hubspot_oauth: 'oauth.continueWithHubSpot',
  slack_oauth: 'oauth.continueWithSlack',
  github_oauth: 'oauth.continueWithGitHub',
} as const;

/** The methods of an auth-policy refusal the widget can name, in the organization's order, once each. */
export function allowedMethodLabels(methods: readonly string[]): (typeof METHOD_LABELS)[keyof typeof METHOD_LABELS][] {
  const known = methods.filter((m): m is keyof typeof METHOD_LABELS => Object.hasOwn(METHOD_LABELS, m));
  return [...new Set(known.map((m) => METHOD_LABELS[m]))];
}

/** The sub-view's text. */
function textOf(error: B2BError, t: Strings): string {
  switch (error.type) {
    case 'CannotJoinOrgDueToAuthPolicy':
      return error.organizationName ? t('error.authPolicyWithOrg', { organizationName: error.organizationName }) : t('error.authPolicyNoOrg');
    case 'EmailMagicLink':
      return t('error.eml');
    case 'Organization':
      return t('error.organization');
    case 'AdBlockerDetected':
      return t('error.adBlockerDetected');
    default:
      return error.message ?? t('error.default');
  }
}

/**
 * The Error screen (the official ErrorScreen) and its sub-views: its title, the text of its type
 * (announced), and 'Go back' where there is somewhere to go. A spent link, a missing
 * organization and a blocked request have none, as in the official (the page is to be reloaded
 * or a new link asked for). CannotJoinOrgDueToAuthPolicy names the organization whose policy
 * refused the sign-in and lists the methods it allows; from Discovery it leads back to the list,
 * whose other organizations stay open.
 */
export default function B2BError() {
  const t = useB2BStrings();
  const go = useGo();
  const error = useAtomValue(b2bErrorAtom);
  const back = error.type === 'CannotJoinOrgDueToAuthPolicy' ? (error.canGoBack ? 'Discovery' : undefined) : error.type === 'Default' ? 'Main' : undefined;
  const allowed = error.type === 'CannotJoinOrgDueToAuthPolicy' ? allowedMethodLabels(error.allowedAuthMethods) : [];
  return (
    <section part="container">
      <Heading>{t('error.title')}</Heading>
      <ErrorText message={textOf(error, t)} />
      {allowed.length > 0 ? (
        <ul part="allowed-methods" css={{ margin: 0, paddingInlineStart: 20, display: 'flex', flexDirection: 'column', gap: 4 }}>
          {allowed.map((id) => (
            <li key={id}>{t(id)}</li>
          ))}
        </ul>
      ) : null}
      {back ? (
        <button type="button" part="button button-secondary" onClick={() => go(back)}>
          {t('button.goBack')}
        </button>
      ) : null}
    </section>
  );
}
