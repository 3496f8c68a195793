import { useMemo } from 'react';
import { ErrorText } from '../components/ErrorText.tsx';
import { Heading } from '../components/Heading.tsx';
import { asksForAccess, consentSections, ungrantableLines, type IDPConsentItem, type IDPConsentManifestGenerator } from './manifest.ts';
import { metadataRedirectHost, type AuthorizeParams } from './params.ts';
import type { ConsentStart } from './prefetched.ts';
import { useIdp, useIdpStrings } from './widget.ts';

/** One line of the manifest; one with details opens them on request (a native disclosure: keyboard and screen readers know it). */
function Item({ item, as: Tag = 'li' }: { item: IDPConsentItem; as?: 'li' | 'div' }) {
  const { text, details } = typeof item === 'string' ? { text: item, details: undefined } : item;
  const line = { padding: '10px 0', borderBlockEnd: '1px solid var(--stytch-container-border-color)' };
  if (!details?.length) return <Tag css={line}>{text}</Tag>;
  return (
    <Tag css={line}>
      <details>
        <summary part="consent-summary" css={{ cursor: 'pointer', '&:focus-visible': { outline: '2px solid var(--stytch-colors-primary)', outlineOffset: 2 } }}>
          {text}
        </summary>
        <ul part="helper" css={{ margin: '8px 0 0', paddingInlineStart: 24 }}>
          {details.map((d) => (
            <li key={d} css={{ marginBlock: 4 }}>
              {d}
            </li>
          ))}
        </ul>
      </details>
    </Tag>
  );
}

const list = { listStyle: 'none', margin: 0, padding: 0 } as const;

/**
 * The consent screen (the official `IDPConsent`'s content): the app's logo, name and
 * description, what it asks for (the site's manifest or the scopes' lines), what the user
 * cannot grant, where the browser goes for an app registered by a metadata document (its name
 * is its own to choose), and Allow / Deny.
 */
export function ConsentScreen(props: {
  start: ConsentStart;
  params: AuthorizeParams;
  projectName: string;
  generator: IDPConsentManifestGenerator | undefined;
  busy: boolean;
  error: string | undefined;
  onAllow(): void;
  onDeny(): void;
}) {
  const { start, params, projectName, generator, busy, error } = props;
  const { callbacks } = useIdp();
  const t = useIdpStrings();
  const client = start.client;
  const clientName = client.client_name || hostOf(params.redirect_uri) || t('idpConsent.defaultClientName');
  const grantable = start.scope_results.filter((r) => r.is_grantable).map((r) => r.scope);
  const sections = useMemo(
    () => consentSections(generator, grantable, start.scope_results, clientName, t, callbacks.onError),
    // `grantable` is made from start each render; start is what it depends on.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [generator, start, clientName, t, callbacks],
  );
  const ungrantable = ungrantableLines(start.scope_results, t);
  const redirectHost = metadataRedirectHost(client.client_id, params.redirect_uri);
  const title = asksForAccess(grantable) ? t('idpConsent.customScopes.title', { clientName, projectName }) : t('idpConsent.signIn.title', { clientName, projectName });
  return (
    <section part="container" aria-busy={busy}>
      {client.client_logo_url ? <img part="logo" src={client.client_logo_url} alt="" css={{ alignSelf: 'center', maxHeight: 56, maxWidth: '100%' }} /> : null}
      <Heading>{title}</Heading>
      {client.client_description ? (
        <p part="helper" css={{ margin: 0, textAlign: 'center' }}>
          {client.client_description}
        </p>
      ) : null}
      {ungrantable.length > 0 ? <Item as="div" item={{ text: t('idpConsent.noPermissionsToGrant', { clientName }), details: ungrantable }} /> : null}
      {sections.map((section, i) => (
        <div key={i} css={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
          <h2 css={{ margin: 0, fontSize: 'inherit', fontWeight: 600 }}>{section.header}</h2>
          <ul css={list}>
            {section.items.map((item, j) => (
              <Item key={j} item={item} />
            ))}
          </ul>
        </div>
      ))}
      {redirectHost ? (
        <p part="helper" css={{ margin: 0 }}>
          {t.rich('idpConsent.redirectHost', { host: redirectHost })}
        </p>
      ) : null}
      <div css={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
        <button type="button" part="button button-primary" disabled={busy} aria-busy={busy} onClick={props.onAllow}>
          {t('idpConsent.button.allow')}
        </button>
        <button type="button" part="button button-secondary" disabled={busy} onClick={props.onDeny}>
          {t('idpConsent.button.deny')}
        </button>
      </div>
      <ErrorText message={error} />
    </section>
  );
}

function hostOf(url: string): string | undefined {
  try {
    return new URL(url).hostname || undefined;
  } catch {
    return undefined;
  }
}
