import { useAtomValue } from 'jotai';
import type { DiscoveredOrganization } from '../../../client/b2b/types.ts';
import { BackButton } from '../../components/BackButton.tsx';
import { RetryCountdown } from '../../components/RetryCountdown.tsx';
import { Heading } from '../../components/Heading.tsx';
import { isRateLimit, useAction } from '../../hooks/useAction.ts';
import { useGo } from '../../hooks/useGo.ts';
import { usePrimaryOutcome } from '../outcome.ts';
import { localeOf } from '../send.ts';
import { useShowError } from '../showError.ts';
import { ssoOnlyConnection, useSsoStart } from '../sso/blocks.ts';
import { b2bEmailAtom, discoveredAtom } from '../state.ts';
import { useB2B, useB2BClient, useB2BStrings } from '../widget.ts';

/** What the row's button says: members continue, the invited accept, the eligible join. */
function actionId(d: DiscoveredOrganization): 'organizationDiscovery.acceptInvite' | 'organizationDiscovery.join' | undefined {
  const type = d.membership.type;
  if (type === 'invited_member') return 'organizationDiscovery.acceptInvite';
  if (type.startsWith('eligible_to_join')) return 'organizationDiscovery.join';
  return undefined;
}

/** Discovery: the organizations the address may enter (memberships, invites, JIT), and create-an-organization where allowed. */
export default function B2BDiscovery() {
  const t = useB2BStrings();
  const { config } = useB2B();
  const client = useB2BClient();
  const go = useGo();
  const orgs = useAtomValue(discoveredAtom);
  const email = useAtomValue(b2bEmailAtom);
  const signedIn = usePrimaryOutcome('Discovery');
  const showError = useShowError();
  const action = useAction();
  const { busy, run } = action;
  const minutes = config.sessionOptions.sessionDurationMinutes;
  const canCreate = !config.disableCreateOrganization;

  const startSso = useSsoStart();
  // An organization that takes its members only through SSO starts its default connection instead.
  const enter = (d: DiscoveredOrganization, sso = ssoOnlyConnection(d)) =>
    run(async () =>
      sso
        ? startSso(sso)
        : signedIn(await client.discovery.intermediateSessions.exchange({ organization_id: d.organization.organization_id, session_duration_minutes: minutes, ...localeOf(config, t.locale) })),
    );
  // A refused creation ends on the Error screen (Default, with the reason and 'Go back'), as the
  // official; one that is only asked to wait counts down on the button instead.
  const create = () =>
    run(async () => {
      try {
        signedIn(await client.discovery.organizations.create({ session_duration_minutes: minutes }));
      } catch (err) {
        if (isRateLimit(err)) throw err;
        showError(err, (message) => ({ type: 'Default', message }));
      }
    });

  if (orgs.length === 0) {
    return (
      <section part="container">
        <BackButton />
        <Heading>{canCreate ? t('organizationDiscovery.noOrgs.create.title') : t('organizationDiscovery.noOrgs.title', { email })}</Heading>
        <p>{canCreate ? t('organizationDiscovery.noOrgs.create.content', { email }) : t('organizationDiscovery.noOrgs.content')}</p>
        <RetryCountdown action={action} />
        {canCreate ? (
          <button type="button" part="button button-primary" disabled={action.blocked} aria-busy={busy} onClick={() => void create()}>
            {t('button.createAnOrganization')}
          </button>
        ) : null}
        <button type="button" part="button button-secondary" onClick={() => go('Main')}>
          {t('button.tryDifferentEmailAddress')}
        </button>
      </section>
    );
  }
  return (
    <section part="container">
      <BackButton />
      <Heading>{t('organizationDiscovery.title')}</Heading>
      <RetryCountdown action={action} />
      <ul part="organization-list" css={{ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: 8 }}>
        {orgs.map((d) => {
          const verb = actionId(d);
          return (
            <li key={d.organization.organization_id}>
              <button
                type="button"
                part="button button-secondary organization"
                disabled={action.blocked}
                onClick={() => void enter(d)}
                // Centred in both directions as every other button is; an action beside the name goes to the far side.
                css={{ width: '100%', display: 'flex', alignItems: 'center', justifyContent: verb ? 'space-between' : 'center', gap: 8 }}
              >
                <span>{d.organization.organization_name}</span>
                {verb ? <span>{t(verb)}</span> : null}
              </button>
            </li>
          );
        })}
      </ul>
      {canCreate ? (
        <button type="button" part="button button-primary" disabled={action.blocked} aria-busy={busy} onClick={() => void create()}>
          {t('button.createAnOrganization')}
        </button>
      ) : null}
    </section>
  );
}
