import { useState } from 'react';
import { MEMBER_ROLE, useRoles } from '../roles.ts';
import { Button, Check, Copyable, Failure, Field, Row, Section, Table } from '../ui.tsx';
import { useAdminClient, useAdminStrings, useCan } from '../widget.ts';
import { AttributeMapping } from './AttributeMapping.tsx';
import { useSaveConnection } from './save.ts';
import type { Connection } from './types.ts';

/** A SAML connection's settings: ours to copy, the IdP's by metadata URL or by hand, certificates, role assignments. */
export function SamlSettings({ connection: c, onChange }: { connection: Connection; onChange: (c: Connection) => void }) {
  const t = useAdminStrings();
  const client = useAdminClient();
  const can = useCan('stytch.sso', 'update');
  const roles = useRoles().filter((r) => r.role_id !== MEMBER_ROLE);
  const [metadataUrl, setMetadataUrl] = useState('');
  const [entityId, setEntityId] = useState(c.idp_entity_id ?? '');
  const [ssoUrl, setSsoUrl] = useState(c.idp_sso_url ?? '');
  const [certificate, setCertificate] = useState('');
  const [everyone, setEveryone] = useState(() => (c.saml_connection_implicit_role_assignments ?? []).map((a) => a.role_id));
  const [groups, setGroups] = useState(() => c.saml_group_implicit_role_assignments ?? []);
  const [group, setGroup] = useState('');
  const [groupRole, setGroupRole] = useState('');
  const byUrl = useSaveConnection(onChange);
  const manual = useSaveConnection(onChange);
  const certs = useSaveConnection(onChange);
  const assignments = useSaveConnection(onChange);
  const id = c.connection_id;
  const roleName = (rid: string) => roles.find((r) => r.role_id === rid)?.name ?? rid;
  const pickedRole = groupRole || roles[0]?.role_id || '';
  return (
    <>
      <Section title={t('adminPortal.sso.ours')}>
        <Copyable label={t('adminPortal.sso.acsUrl')} value={c.acs_url ?? ''} />
        <Copyable label={t('adminPortal.sso.entityId')} value={c.audience_uri ?? ''} />
        <Copyable label={t('adminPortal.sso.metadataUrl')} value={c.audience_uri ?? ''} />
      </Section>
      {can ? (
        <Section title={t('adminPortal.sso.theirs')}>
          <form
            onSubmit={(e) => {
              e.preventDefault();
              byUrl.save(() => client.sso.saml.updateConnectionByURL({ connection_id: id, metadata_url: metadataUrl.trim() }));
            }}
            css={{ display: 'flex', gap: 8, alignItems: 'flex-end', flexWrap: 'wrap' }}
          >
            <Field label={t('adminPortal.sso.idpMetadataUrl')} type="url" value={metadataUrl} onChange={setMetadataUrl} placeholder="https://" />
            <Button type="submit" busy={byUrl.action.busy}>
              {t('adminPortal.sso.readMetadata')}
            </Button>
          </form>
          <Failure action={byUrl.action} />
          <p part="helper" css={{ margin: 0 }}>
            {t('adminPortal.sso.orByHand')}
          </p>
          <form
            onSubmit={(e) => {
              e.preventDefault();
              manual.save(() =>
                client.sso.saml.updateConnection({
                  connection_id: id,
                  idp_entity_id: entityId.trim(),
                  idp_sso_url: ssoUrl.trim(),
                  ...(certificate.trim() ? { x509_certificate: certificate.trim() } : {}),
                }),
              );
            }}
            css={{ display: 'flex', flexDirection: 'column', gap: 12 }}
          >
            <Row>
              <Field label={t('adminPortal.sso.idpEntityId')} value={entityId} onChange={setEntityId} />
              <Field label={t('adminPortal.sso.idpSsoUrl')} type="url" value={ssoUrl} onChange={setSsoUrl} />
            </Row>
            <Field label={t('adminPortal.sso.certificate')} value={certificate} onChange={setCertificate} multiline placeholder="-----BEGIN CERTIFICATE-----" />
            <Failure action={manual.action} />
            <Row>
              <Button type="submit" busy={manual.action.busy}>
                {t('adminPortal.save')}
              </Button>
            </Row>
          </form>
        </Section>
      ) : (
        <Section title={t('adminPortal.sso.theirs')}>
          <Copyable label={t('adminPortal.sso.idpEntityId')} value={c.idp_entity_id ?? ''} />
          <Copyable label={t('adminPortal.sso.idpSsoUrl')} value={c.idp_sso_url ?? ''} />
        </Section>
      )}
      <Section title={t('adminPortal.sso.certificates')}>
        {c.verification_certificates?.length ? (
          <Table
            caption={t('adminPortal.sso.certificates')}
            head={[t('adminPortal.sso.certificateId'), t('adminPortal.sso.expires'), t('adminPortal.actions')]}
            rows={c.verification_certificates.map((cert) => [
              <code dir="ltr">{cert.certificate_id}</code>,
              cert.expires_at ? new Date(cert.expires_at).toLocaleDateString(t.locale) : '—',
              can && (c.verification_certificates?.length ?? 0) > 1 ? (
                <Button
                  busy={certs.action.busy}
                  label={t('adminPortal.sso.deleteCertificate', { id: cert.certificate_id })}
                  onClick={() =>
                    certs.save(async () => {
                      await client.sso.saml.deleteVerificationCertificate({ connection_id: id, certificate_id: cert.certificate_id });
                      return { connection: { ...c, verification_certificates: c.verification_certificates?.filter((x) => x !== cert) } };
                    })
                  }
                >
                  {t('adminPortal.remove')}
                </Button>
              ) : null,
            ])}
          />
        ) : (
          <p css={{ margin: 0 }}>{t('adminPortal.sso.noCertificates')}</p>
        )}
        <Failure action={certs.action} />
      </Section>
      <AttributeMapping
        protocol="saml"
        mapping={c.attribute_mapping ?? {}}
        disabled={!can}
        onSave={(attribute_mapping) => client.sso.saml.updateConnection({ connection_id: id, attribute_mapping })}
        onChange={onChange}
      />
      <Section title={t('adminPortal.sso.roleAssignments')}>
        <fieldset css={{ border: 0, margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: 6 }}>
          <legend css={{ fontWeight: 600, padding: 0, marginBottom: 6 }}>{t('adminPortal.sso.everyoneRoles')}</legend>
          {roles.map((r) => (
            <Check
              key={r.role_id}
              label={r.name}
              checked={everyone.includes(r.role_id)}
              disabled={!can}
              onChange={(on) => setEveryone((p) => (on ? [...p, r.role_id] : p.filter((x) => x !== r.role_id)))}
            />
          ))}
        </fieldset>
        {groups.length ? (
          <Table
            caption={t('adminPortal.sso.groupRoles')}
            head={[t('adminPortal.sso.group'), t('adminPortal.members.roles'), t('adminPortal.actions')]}
            rows={groups.map((g) => [
              g.group,
              roleName(g.role_id),
              can ? (
                <Button label={t('adminPortal.settings.removeRule', { domain: g.group, role: roleName(g.role_id) })} onClick={() => setGroups(groups.filter((x) => x !== g))}>
                  {t('adminPortal.remove')}
                </Button>
              ) : null,
            ])}
          />
        ) : null}
        {can && roles.length ? (
          <div css={{ display: 'flex', gap: 8, alignItems: 'flex-end', flexWrap: 'wrap' }}>
            <Field label={t('adminPortal.sso.group')} value={group} onChange={setGroup} />
            <label css={{ display: 'flex', flexDirection: 'column', gap: 4, fontSize: 'var(--stytch-helper-font-size)', fontWeight: 600 }}>
              {t('adminPortal.members.roles')}
              <select part="input" value={pickedRole} onChange={(e) => setGroupRole(e.target.value)} css={{ minWidth: 160 }}>
                {roles.map((r) => (
                  <option key={r.role_id} value={r.role_id}>
                    {r.name}
                  </option>
                ))}
              </select>
            </label>
            <Button
              onClick={() => {
                if (group.trim() && pickedRole) setGroups([...groups, { group: group.trim(), role_id: pickedRole }]);
                setGroup('');
              }}
            >
              {t('adminPortal.settings.addRule')}
            </Button>
          </div>
        ) : null}
        <Failure action={assignments.action} />
        {can ? (
          <Row>
            <Button
              busy={assignments.action.busy}
              onClick={() =>
                assignments.save(() =>
                  client.sso.saml.updateConnection({
                    connection_id: id,
                    saml_connection_implicit_role_assignments: everyone.map((role_id) => ({ role_id })),
                    saml_group_implicit_role_assignments: groups,
                  }),
                )
              }
            >
              {t('adminPortal.save')}
            </Button>
          </Row>
        ) : null}
      </Section>
    </>
  );
}
