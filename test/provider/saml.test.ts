import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { ApiError } from '../../provider/errors.ts';
import { authnRequestUrl, verifySamlResponse, type SamlIdentityProvider, type SamlServiceProvider } from '../../provider/services/saml.ts';
import { idpKey, readAuthnRequest, samlResponse, type AssertionOptions, type IdpKey } from './fake-saml-idp.ts';

const sp: SamlServiceProvider = { entityId: 'http://provider.test/v1/b2b/sso/saml/metadata/conn-1', acsUrl: 'http://provider.test/v1/b2b/sso/callback/conn-1' };

describe('SAML assertion verification (services/saml.ts)', () => {
  let key: IdpKey;
  let other: IdpKey;
  let idp: SamlIdentityProvider;
  const base = (): AssertionOptions => ({
    issuer: 'http://idp.test',
    audience: sp.entityId,
    recipient: sp.acsUrl,
    inResponseTo: '_req1',
    nameId: 'ada@corp.test',
    attributes: { email: 'ada@corp.test', first_name: 'Ada' },
    key,
  });
  const refusal = async (o: Partial<AssertionOptions>, type: string) => {
    await assert.rejects(verifySamlResponse(sp, idp, samlResponse({ ...base(), ...o })), (e: unknown) => e instanceof ApiError && e.errorType === type && e.status === 400);
  };

  before(async () => {
    [key, other] = await Promise.all([idpKey(), idpKey('Another IdP')]);
    idp = { entityId: 'http://idp.test', ssoUrl: 'http://idp.test/sso', certificates: [key.certificate] };
  });

  it('the sign-in URL carries an AuthnRequest with our ID, ACS URL and entity ID, and the relay state', async () => {
    const url = await authnRequestUrl(sp, idp, '_req-abc', 'relay-1');
    assert.ok(url.startsWith('http://idp.test/sso?'));
    assert.deepEqual(readAuthnRequest(url), { id: '_req-abc', acsUrl: sp.acsUrl, issuer: sp.entityId, relayState: 'relay-1' });
  });

  it('a signed assertion for this audience and recipient is read: subject, attributes, IDs', async () => {
    const v = await verifySamlResponse(sp, idp, samlResponse({ ...base(), assertionId: '_a-1' }));
    assert.equal(v.assertionId, '_a-1');
    assert.equal(v.inResponseTo, '_req1');
    assert.equal(v.nameId, 'ada@corp.test');
    assert.equal(v.attributes.email, 'ada@corp.test');
    assert.equal(v.attributes.first_name, 'Ada');
    assert.ok(v.notOnOrAfter.getTime() > Date.now());
  });

  it('a second certificate in the connection also verifies (rotation)', async () => {
    const both = { ...idp, certificates: [other.certificate, key.certificate] };
    assert.equal((await verifySamlResponse(sp, both, samlResponse(base()))).nameId, 'ada@corp.test');
  });

  it('refuses a signature by another key, an unsigned assertion and a tampered one', async () => {
    await refusal({ key: other }, 'saml_invalid_signature');
    await refusal({ unsigned: true }, 'saml_invalid_signature');
    await refusal({ tamper: true }, 'saml_invalid_signature');
  });

  it('refuses another audience, another recipient, another issuer', async () => {
    await refusal({ audience: 'http://elsewhere.test/sp' }, 'saml_audience_mismatch');
    await refusal({ recipient: 'http://elsewhere.test/acs' }, 'saml_recipient_mismatch');
    await refusal({ issuer: 'http://rogue-idp.test' }, 'saml_issuer_mismatch');
  });

  it('refuses an expired assertion and one issued in the future', async () => {
    await refusal({ shiftMs: -20 * 60_000 }, 'saml_assertion_expired');
    await refusal({ shiftMs: -6 * 60_000, lifetimeMs: 5 * 60_000 }, 'saml_assertion_expired');
    await refusal({ shiftMs: 10 * 60_000 }, 'saml_assertion_expired');
  });

  it('refuses a response that answers no request (IdP-initiated)', async () => {
    await refusal({ inResponseTo: '' }, 'saml_unsolicited_response');
  });

  it('refuses garbage', async () => {
    await assert.rejects(verifySamlResponse(sp, idp, Buffer.from('<nope/>').toString('base64')), (e: unknown) => e instanceof ApiError && e.status === 400);
  });
});
