import { useAtomValue } from 'jotai';
import { ErrorText } from '../../components/ErrorText.tsx';
import { Heading } from '../../components/Heading.tsx';
import { ghostButtonCss } from '../../components/linkButton.ts';
import { useAction } from '../../hooks/useAction.ts';
import { useGo } from '../../hooks/useGo.ts';
import { useB2BStrings } from '../widget.ts';
import { ssoDiscoveryConnectionsAtom } from './connections.ts';
import { LastUsed, lastUsedFirst, useLastUsed } from './lastUsed.tsx';
import { SsoButton } from './SsoButton.tsx';
import { useSsoStart } from './useSsoStart.ts';

/** SSO Discovery Menu: the address's SSO connections, one button each; 'Go back' to the address. */
export default function SSODiscoveryMenu() {
  const t = useB2BStrings();
  const go = useGo();
  const connections = useAtomValue(ssoDiscoveryConnectionsAtom);
  const startSso = useSsoStart();
  const { busy, error, run } = useAction();
  const [lastUsed, rememberLastUsed] = useLastUsed();
  const ordered = lastUsedFirst(
    connections.map((c) => ({ key: `sso:${c.connection_id}`, connection: c })),
    lastUsed,
  );
  return (
    <section part="container">
      <Heading>{t('ssoDiscovery.title')}</Heading>
      <div css={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
        {ordered.items.map(({ key, connection: c }, i) => {
          const start = () => {
            rememberLastUsed(key);
            void run(() => startSso(c.connection_id));
          };
          const button = <SsoButton key={key} connection={c} disabled={busy} onStart={start} />;
          return i === 0 && ordered.found ? <LastUsed key={key}>{button}</LastUsed> : button;
        })}
      </div>
      <ErrorText message={error} />
      <button type="button" part="link-button" css={ghostButtonCss} onClick={() => go('SSODiscoveryEmail')}>
        {t('button.goBack')}
      </button>
    </section>
  );
}
