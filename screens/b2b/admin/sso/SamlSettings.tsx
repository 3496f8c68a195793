import { useEffect, useState } from 'react';
import { RoleChecks, RoleRules, type RoleRule } from '../RolePickers.tsx';
import { useAssignableRoles } from '../roles.ts';
import { Button, Copyable, Failure, Field, Row, Section, Table } from '../ui.tsx';
import { useAdminClient, useAdminStrings, useCan } from '../widget.ts';
import { AttributeMapping } from './AttributeMapping.tsx';
import { useSaveConnection } from './save.ts';
import type { Connection } from './types.ts';

/** A SAML connection's settings: ours to copy, the IdP's by metadata URL or by hand, certificates, role assignments. */
export function SamlSettings({ connection: c, onChange }: { connection: Connection; onChange: (c: Connection) => void }) {
  const t = useAdminStrings();
  const client = useAdminClient();
  const can = useCan('stytch.sso', 'update');
  const roles = useAssignableRoles();
  const [metadataUrl, setMetadataUrl] = useState('');
  const [entityId, setEntityId] = useState(c.idp_entity_id ?? '');
  const [ssoUrl, setSsoUrl] = useState(c.idp_sso_url ?? '');
  // Read from the IdP's metadata, the settings show in the fields, so a later Save keeps them.
  useEffect(() => {
    setEntityId(c.idp_entity_id ?? '');
    setSsoUrl(c.idp_sso_url ?? '');
  }, [c.idp_entity_id, c.idp_sso_url]);
  const [certificate, setCertificate] = useState('');
  const [everyone, setEveryone] = useState(() => (c.saml_connection_implicit_role_assignments ?? []).map((a) => a.role_id));
  const [groups, setGroups] = useState<RoleRule[]>(() => (c.saml_group_implicit_role_assignments ?? []).map((a) => ({ key: a.group, role_id: a.role_id })));
  const byUrl = useSaveConnection(onChange);
  const manual = useSaveConnection(onChange);
  const certs = useSaveConnection(onChange);
  const assignments = useSaveConnection(onChange);
  const id = c.connection_id;
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
        <RoleChecks legend={t('adminPortal.sso.everyoneRoles')} roles={roles} picked={everyone} onChange={setEveryone} disabled={!can} />
        <RoleRules caption={t('adminPortal.sso.groupRoles')} keyLabel={t('adminPortal.sso.group')} rules={groups} onChange={setGroups} roles={roles} can={can} />
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
                    saml_group_implicit_role_assignments: groups.map((g) => ({ group: g.key, role_id: g.role_id })),
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
