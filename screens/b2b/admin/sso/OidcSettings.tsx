import { useState } from 'react';
import { Copyable, Field, Row, SaveRow, Section } from '../ui.tsx';
import { useAdminClient, useAdminStrings, useCan } from '../widget.ts';
import { AttributeMapping } from './AttributeMapping.tsx';
import { useSaveConnection } from './save.ts';
import type { Connection } from './types.ts';

const URL_FIELDS = ['authorization_url', 'token_url', 'userinfo_url', 'jwks_url'] as const;

/** An OIDC connection's settings: our redirect URL to copy; the IdP's issuer, client and (else discovered) endpoints. */
export function OidcSettings({ connection: c, onChange }: { connection: Connection; onChange: (c: Connection) => void }) {
  const t = useAdminStrings();
  const client = useAdminClient();
  const can = useCan('stytch.sso', 'update');
  const [issuer, setIssuer] = useState(c.issuer ?? '');
  const [clientId, setClientId] = useState(c.client_id ?? '');
  const [secret, setSecret] = useState('');
  const [scopes, setScopes] = useState(c.custom_scopes ?? '');
  const [urls, setUrls] = useState<Record<string, string>>(() => Object.fromEntries(URL_FIELDS.map((k) => [k, c[k] ?? ''])));
  const { action, save } = useSaveConnection(onChange);
  const id = c.connection_id;
  return (
    <>
      <Section title={t('adminPortal.sso.ours')}>
        <Copyable label={t('adminPortal.sso.redirectUrl')} value={c.redirect_url ?? ''} />
      </Section>
      <Section title={t('adminPortal.sso.theirs')}>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            save(() =>
              client.sso.oidc.updateConnection({
                connection_id: id,
                issuer: issuer.trim(),
                client_id: clientId.trim(),
                ...(secret ? { client_secret: secret } : {}),
                custom_scopes: scopes.trim(),
                ...Object.fromEntries(Object.entries(urls).filter(([, v]) => v.trim() !== '')),
              }),
            );
          }}
          css={{ display: 'flex', flexDirection: 'column', gap: 12 }}
        >
          <Row>
            <Field label={t('adminPortal.sso.issuer')} type="url" value={issuer} onChange={setIssuer} readOnly={!can} />
            <Field label={t('adminPortal.sso.clientId')} value={clientId} onChange={setClientId} readOnly={!can} />
          </Row>
          {can ? (
            <Field label={t('adminPortal.sso.clientSecret')} type="password" value={secret} onChange={setSecret} placeholder={t('adminPortal.sso.secretUnchanged')} autoComplete="new-password" />
          ) : null}
          <p part="helper" css={{ margin: 0 }}>
            {t('adminPortal.sso.discovered')}
          </p>
          <Row>
            {URL_FIELDS.map((k) => (
              <Field key={k} label={t(`adminPortal.sso.${k}`)} type="url" value={urls[k] ?? ''} readOnly={!can} onChange={(v) => setUrls((u) => ({ ...u, [k]: v }))} />
            ))}
          </Row>
          <Field label={t('adminPortal.sso.scopes')} value={scopes} onChange={setScopes} readOnly={!can} placeholder="openid email profile" />
          <SaveRow action={action} shown={can} />
        </form>
      </Section>
      <AttributeMapping
        protocol="oidc"
        mapping={c.attribute_mapping ?? {}}
        disabled={!can}
        onSave={(attribute_mapping) => client.sso.oidc.updateConnection({ connection_id: id, attribute_mapping })}
        onChange={onChange}
      />
    </>
  );
}
