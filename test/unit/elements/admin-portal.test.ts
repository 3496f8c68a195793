import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import type { B2BClient } from '../../../client/b2b/index.ts';
import { mountAdminPortalMemberManagement, mountAdminPortalOrgSettings, mountAdminPortalSCIM, mountAdminPortalSSO, StytchAdminPortalMemberManagementElement } from '../../../elements/b2b/index.ts';
import { settle } from './helpers.ts';

/*
 * The admin portal's four elements over a stand-in B2B client: what each portal shows and
 * sends, what it leaves out when the member's roles do not allow it, and the provider's refusal
 * shown as the portal's error.
 */

type Calls = { [name: string]: unknown[] };

const admin = { id: 'member-admin', roles: ['stytch_member', 'stytch_admin'] };
const policy = {
  roles: [
    {
      role_id: 'stytch_admin',
      description: 'Every admin action.',
      permissions: ['stytch.organization', 'stytch.member', 'stytch.sso', 'stytch.scim', 'stytch.custom-org-roles'].map((r) => ({ resource_id: r, actions: ['*'] })),
    },
    { role_id: 'stytch_member', description: 'Every member.', permissions: [{ resource_id: 'stytch.self', actions: ['*'] }] },
  ],
  resources: [],
};

const member = (id: string, email: string, status = 'active', roles = ['stytch_member']) => ({
  member_id: id,
  organization_id: 'organization-1',
  email_address: email,
  email_address_verified: true,
  name: '',
  status,
  member_password_id: '',
  mfa_phone_number: '',
  totp_registration_id: '',
  roles: roles.map((role_id) => ({ role_id, sources: [{ type: 'direct_assignment', details: {} }] })),
});

const organization = {
  organization_id: 'organization-1',
  organization_name: 'Acme',
  organization_slug: 'acme',
  email_allowed_domains: [],
  email_jit_provisioning: 'NOT_ALLOWED',
  email_invites: 'ALL_ALLOWED',
  sso_jit_provisioning: 'ALL_ALLOWED',
  auth_methods: 'ALL_ALLOWED',
  allowed_auth_methods: [],
  mfa_methods: 'ALL_ALLOWED',
  allowed_mfa_methods: [],
  mfa_policy: 'OPTIONAL',
};

/** The provider's refusal as the client throws it (by default, an RBAC one). */
function refusal(error_type = 'unauthorized_action', error_message = 'The member is not allowed to do this.', status_code = 403): Error {
  return Object.assign(new Error(`[${status_code}] ${error_type}`), { name: 'StytchAPIError', status_code, error_type, error_message, error_url: '' });
}

/** A stand-in client: the member's roles, and each method's answer (a function of its arguments); every call is recorded. */
function fakeClient(roles: string[], answers: { [path: string]: (...args: unknown[]) => unknown }, calls: Calls): B2BClient {
  const method =
    (path: string) =>
    async (...args: unknown[]) => {
      (calls[path] ??= []).push(args[0]);
      const answer = answers[path];
      if (!answer) throw new Error(`unexpected call ${path}`);
      return answer(...args);
    };
  const allowed = (resource: string, action: string) =>
    policy.roles.some((r) => roles.includes(r.role_id) && r.permissions.some((p) => p.resource_id === resource && (p.actions.includes('*') || p.actions.includes(action))));
  const client = {
    bootstrap: { getSync: () => ({ rbac_policy: policy }), ready: async () => ({ rbac_policy: policy }), onChange: () => () => {} },
    rbac: { isAuthorizedSync: allowed, isAuthorized: async (r: string, a: string) => allowed(r, a) },
    session: { onChange: () => () => {}, revokeForMember: method('session.revokeForMember') },
    self: { getSync: () => ({ member_id: admin.id }) },
    organization: {
      // The organization's local copy (its custom_roles), when the test gives one.
      getSync: () => answers['organization.getSync']?.() ?? null,
      onChange: () => () => {},
      get: method('organization.get'),
      update: method('organization.update'),
      members: {
        search: method('organization.members.search'),
        update: method('organization.members.update'),
        delete: method('organization.members.delete'),
        reactivate: method('organization.members.reactivate'),
        deleteMFAPhoneNumber: method('organization.members.deleteMFAPhoneNumber'),
        deleteMFATOTP: method('organization.members.deleteMFATOTP'),
      },
    },
    magicLinks: { email: { invite: method('magicLinks.email.invite') } },
    passwords: { resetByEmailStart: method('passwords.resetByEmailStart') },
    sso: {
      getConnections: method('sso.getConnections'),
      deleteConnection: method('sso.deleteConnection'),
      start: method('sso.start'),
      saml: { createConnection: method('sso.saml.createConnection'), updateConnection: method('sso.saml.updateConnection') },
      oidc: { createConnection: method('sso.oidc.createConnection'), updateConnection: method('sso.oidc.updateConnection') },
    },
    scim: {
      getConnection: method('scim.getConnection'),
      createConnection: method('scim.createConnection'),
      getConnectionGroups: method('scim.getConnectionGroups'),
      updateConnection: method('scim.updateConnection'),
      rotateStart: method('scim.rotateStart'),
      rotateComplete: method('scim.rotateComplete'),
      rotateCancel: method('scim.rotateCancel'),
      deleteConnection: method('scim.deleteConnection'),
    },
  };
  return client as unknown as B2BClient;
}

const text = (el: Element) => el.textContent ?? '';
const buttonOf = (el: Element, name: string) =>
  [...el.querySelectorAll('button')].find((b) => b.textContent?.trim() === name || b.getAttribute('aria-label') === name) as HTMLButtonElement | undefined;
const fieldOf = (el: Element, label: string) => {
  const l = [...el.querySelectorAll('label')].find((x) => x.textContent?.trim() === label);
  return (l?.htmlFor ? el.querySelector(`#${CSS.escape(l.htmlFor)}`) : l?.querySelector('input')) as HTMLInputElement | HTMLTextAreaElement;
};
async function typeInto(input: HTMLInputElement | HTMLTextAreaElement, value: string) {
  const proto = input instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(proto, 'value')!.set!.call(input, value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
  await new Promise((r) => setTimeout(r, 0));
}
async function press(el: Element, name: string) {
  await waitUntil(() => buttonOf(el, name), `no button ${name}`);
  buttonOf(el, name)!.click();
  await new Promise((r) => setTimeout(r, 0));
}

async function host(id: string): Promise<void> {
  await fixture(html`<div id=${id}></div>`);
}

describe('admin portal: Members', () => {
  it('lists the organization’s members with their status and roles, and invites with the config’s template, redirect and the roles checked', async () => {
    await host('members-list');
    const calls: Calls = {};
    const client = fakeClient(
      admin.roles,
      {
        'organization.members.search': () => ({
          members: [member(admin.id, 'ada@acme.test', 'active', ['stytch_member', 'stytch_admin']), member('m2', 'bob@acme.test', 'invited')],
          results_metadata: { total: 2, next_cursor: null },
        }),
        'magicLinks.email.invite': () => ({ member: member('m3', 'cy@acme.test', 'invited') }),
      },
      calls,
    );
    const el = mountAdminPortalMemberManagement({ elementId: '#members-list', client, config: { inviteRedirectURL: 'https://app.test/invite', inviteTemplateId: 'tpl' } });
    await settle(el);
    expect(el).to.be.instanceOf(StytchAdminPortalMemberManagementElement);
    await waitUntil(() => text(el).includes('bob@acme.test'));
    const rows = [...el.querySelectorAll('tbody tr')].map((r) => [...r.querySelectorAll('td')].slice(0, 4).map(text));
    expect(rows).to.deep.equal([
      ['—', 'ada@acme.test', 'Active', 'stytch_member, stytch_admin'],
      ['—', 'bob@acme.test', 'Invited', 'stytch_member'],
    ]);
    // Re-invite is offered for the invited member only.
    expect(buttonOf(el, 'Resend invite to bob@acme.test')).to.exist;
    expect(buttonOf(el, 'Resend invite to ada@acme.test')).to.equal(undefined);

    await press(el, 'Invite member');
    await typeInto(fieldOf(el, 'Email'), 'cy@acme.test');
    const adminBox = [...el.querySelectorAll('label')].find((l) => l.textContent?.startsWith('stytch_admin'))!;
    (el.querySelector(`#${CSS.escape(adminBox.htmlFor)}`) as HTMLInputElement).click();
    await press(el, 'Send invite');
    await waitUntil(() => calls['magicLinks.email.invite']);
    expect(calls['magicLinks.email.invite']).to.deep.equal([{ email_address: 'cy@acme.test', roles: ['stytch_admin'], invite_redirect_url: 'https://app.test/invite', invite_template_id: 'tpl' }]);
    await waitUntil(() => text(el).includes('Invite sent to cy@acme.test'));
  });

  it('offers the organization’s own roles beside the project’s, with their descriptions, to invite with', async () => {
    await host('members-org-roles');
    const calls: Calls = {};
    const auditor = { role_id: 'auditor', description: 'Reads the invoices.', permissions: [{ resource_id: 'billing', actions: ['read'] }] };
    const client = fakeClient(
      admin.roles,
      {
        'organization.getSync': () => ({ ...organization, custom_roles: [auditor] }),
        'organization.members.search': () => ({ members: [], results_metadata: { total: 0, next_cursor: null } }),
        'magicLinks.email.invite': () => ({ member: member('m3', 'di@acme.test', 'invited') }),
      },
      calls,
    );
    const el = mountAdminPortalMemberManagement({ elementId: '#members-org-roles', client });
    await settle(el);
    await press(el, 'Invite member');
    await typeInto(fieldOf(el, 'Email'), 'di@acme.test');
    const labels = [...el.querySelectorAll('fieldset label')].map(text);
    expect(labels.some((l) => l.startsWith('stytch_admin'))).to.equal(true);
    const auditorBox = [...el.querySelectorAll('fieldset label')].find((l) => l.textContent?.startsWith('auditor')) as HTMLLabelElement;
    expect(auditorBox, 'the org role is offered').to.exist;
    expect(text(auditorBox)).to.include('Reads the invoices.');
    (el.querySelector(`#${CSS.escape(auditorBox.htmlFor)}`) as HTMLInputElement).click();
    await press(el, 'Send invite');
    await waitUntil(() => calls['magicLinks.email.invite']);
    expect((calls['magicLinks.email.invite']![0] as { roles: string[] }).roles).to.deep.equal(['auditor']);
  });

  it('a member without the admin role is offered no invite, and the provider’s refusal of the list reads as an alert', async () => {
    await host('members-refused');
    const client = fakeClient(['stytch_member'], { 'organization.members.search': () => Promise.reject(refusal()) }, {});
    const errors: Error[] = [];
    const el = mountAdminPortalMemberManagement({ elementId: '#members-refused', client, callbacks: { onError: (e) => errors.push(e) } });
    await settle(el);
    await waitUntil(() => el.querySelector('[role="alert"]'));
    // In English the provider's own message; a locale reads the shared catalog's text of its type.
    expect(text(el.querySelector('[role="alert"]')!)).to.equal('The member is not allowed to do this.');
    expect(buttonOf(el, 'Invite member')).to.equal(undefined);
    expect(errors.map((e) => (e as Error & { error_type: string }).error_type)).to.deep.equal(['unauthorized_action']);
  });

  it('in German, an error only the B2B provider answers reads in the B2B catalog’s German, not the generic text', async () => {
    await host('members-german');
    const gone = refusal('organization_not_found', 'Organization could not be found.', 404);
    const client = fakeClient(admin.roles, { 'organization.members.search': () => Promise.reject(gone) }, {});
    const el = mountAdminPortalMemberManagement({ elementId: '#members-german', client, config: { locale: 'de' }, callbacks: { onError: () => {} } });
    await settle(el);
    await waitUntil(() => el.querySelector('[role="alert"]'));
    expect(text(el.querySelector('[role="alert"]')!)).to.equal('Organisation nicht gefunden. Wenn Sie das für einen Fehler halten, wenden Sie sich an Ihren Administrator.');
  });

  it('a member’s page: roles saved, and Deactivate asks once more before it calls the provider', async () => {
    await host('members-details');
    const calls: Calls = {};
    const bob = member('m2', 'bob@acme.test');
    const client = fakeClient(
      admin.roles,
      {
        'organization.members.search': () => ({ members: [bob], results_metadata: { total: 1, next_cursor: null } }),
        'organization.members.update': () => ({ member: member('m2', 'bob@acme.test', 'active', ['stytch_member', 'stytch_admin']) }),
        'organization.members.delete': () => ({ member_id: 'm2' }),
      },
      calls,
    );
    const el = mountAdminPortalMemberManagement({ elementId: '#members-details', client });
    await settle(el);
    await press(el, 'Manage bob@acme.test');
    await waitUntil(() => el.querySelector('h1')?.textContent === 'bob@acme.test');
    const adminBox = [...el.querySelectorAll('label')].find((l) => l.textContent?.startsWith('stytch_admin'))!;
    (el.querySelector(`#${CSS.escape(adminBox.htmlFor)}`) as HTMLInputElement).click();
    await press(el, 'Save roles');
    await waitUntil(() => calls['organization.members.update']);
    expect(calls['organization.members.update']).to.deep.equal([{ member_id: 'm2', roles: ['stytch_admin'] }]);

    await press(el, 'Deactivate member');
    expect(calls['organization.members.delete']).to.equal(undefined);
    const group = el.querySelector('[role="group"][aria-label="Deactivate member"]')!;
    await press(group, 'Deactivate member');
    await waitUntil(() => calls['organization.members.delete']);
    expect(calls['organization.members.delete']).to.deep.equal(['m2']);
    await waitUntil(() => buttonOf(el, 'Reactivate member'));
  });

  it('an admin changes another member’s address, warned of what it ends; on its own page the address cannot be edited', async () => {
    await host('members-email');
    const calls: Calls = {};
    const bob = member('m2', 'bob@acme.test');
    const me = member(admin.id, 'boss@acme.test', 'active', admin.roles);
    const client = fakeClient(
      admin.roles,
      {
        'organization.members.search': () => ({ members: [me, bob], results_metadata: { total: 2, next_cursor: null } }),
        'organization.members.update': () => ({ member: { ...member('m2', 'robert@acme.test'), email_address_verified: false } }),
      },
      calls,
    );
    const el = mountAdminPortalMemberManagement({ elementId: '#members-email', client });
    await settle(el);
    await press(el, 'Manage bob@acme.test');
    await waitUntil(() => el.querySelector('h1')?.textContent === 'bob@acme.test');
    expect(text(el)).to.contain('Changing the address signs the member out everywhere');
    const field = fieldOf(el, 'Email') as HTMLInputElement;
    expect(field.value).to.equal('bob@acme.test');
    await typeInto(field, 'robert@acme.test');
    await press(el, 'Save');
    await waitUntil(() => calls['organization.members.update']);
    // Only the address changed: the name is not sent.
    expect(calls['organization.members.update']).to.deep.equal([{ member_id: 'm2', email_address: 'robert@acme.test' }]);
    await waitUntil(() => el.querySelector('h1')?.textContent === 'robert@acme.test');

    await press(el, 'Back to members');
    await press(el, 'Manage boss@acme.test');
    await waitUntil(() => el.querySelector('h1')?.textContent === 'boss@acme.test');
    expect(fieldOf(el, 'Email')).to.equal(undefined);
    expect(text(el)).to.contain('You cannot change your own email address.');
  });

  it('a config of the wrong kind is refused in place of the portal', async () => {
    await host('members-config');
    const errors: Error[] = [];
    const el = mountAdminPortalMemberManagement({
      elementId: '#members-config',
      client: fakeClient(admin.roles, {}, {}),
      config: { inviteExpirationMinutes: 1 },
      callbacks: { onError: (e) => errors.push(e) },
    });
    await settle(el);
    await waitUntil(() => el.querySelector('[role="alert"]'));
    expect(text(el.querySelector('[role="alert"]')!)).to.equal('Invalid config: inviteExpirationMinutes must be a whole number from 5 to 10080');
    expect(errors).to.have.length(1);
  });
});

describe('admin portal: Organization settings', () => {
  it('saves the MFA policy, and restricts sign-in methods to those the config offers', async () => {
    await host('settings-admin');
    const calls: Calls = {};
    const client = fakeClient(admin.roles, { 'organization.get': () => organization, 'organization.update': (o) => ({ organization: { ...organization, ...(o as object) } }) }, calls);
    const el = mountAdminPortalOrgSettings({ elementId: '#settings-admin', client, config: { allowedAuthMethods: ['emailOtp', 'sso'] } });
    await settle(el);
    await waitUntil(() => text(el).includes('Organization ID: organization-1'));
    const mfa = [...el.querySelectorAll('section[part="admin-section"]')].find((s) => s.querySelector('h2')?.textContent === 'Multi-factor authentication')!;
    const required = [...mfa.querySelectorAll('label')].find((l) => l.textContent === 'Required for every member')!.querySelector('input')!;
    required.click();
    await press(mfa, 'Save');
    await waitUntil(() => calls['organization.update']);
    expect(calls['organization.update']).to.deep.equal([{ mfa_policy: 'REQUIRED_FOR_ALL', mfa_methods: 'ALL_ALLOWED' }]);

    const auth = [...el.querySelectorAll('section[part="admin-section"]')].find((s) => s.querySelector('h2')?.textContent === 'Allowed sign-in methods')!;
    [...auth.querySelectorAll('label')]
      .find((l) => l.textContent === 'Only the methods checked')!
      .querySelector('input')!
      .click();
    await waitUntil(() => auth.querySelectorAll('input[type="checkbox"]').length === 2);
    expect([...auth.querySelectorAll('input[type="checkbox"] + label')].map(text)).to.deep.equal(['Email login codes', 'Single sign-on (SSO)']);
  });

  it('a member without the admin role sees the settings read only, with nothing to save', async () => {
    await host('settings-member');
    const el = mountAdminPortalOrgSettings({ elementId: '#settings-member', client: fakeClient(['stytch_member'], { 'organization.get': () => organization }, {}) });
    await settle(el);
    await waitUntil(() => text(el).includes('Organization ID'));
    expect(buttonOf(el, 'Save')).to.equal(undefined);
    expect([...el.querySelectorAll('input[type="radio"]')].every((r) => (r as HTMLInputElement).disabled)).to.equal(true);
    expect((fieldOf(el, 'Organization name') as HTMLInputElement).readOnly).to.equal(true);
  });
});

describe('admin portal: SSO', () => {
  it('a new SAML connection for Okta shows Okta’s steps and our ACS URL, entity ID and metadata URL to copy', async () => {
    await host('sso-new');
    const calls: Calls = {};
    const created = {
      connection_id: 'saml-connection-1',
      display_name: 'Okta',
      identity_provider: 'okta',
      status: 'pending',
      acs_url: 'https://provider.test/v1/b2b/sso/callback/saml-connection-1',
      audience_uri: 'https://provider.test/v1/public/sso/saml/metadata/saml-connection-1',
      verification_certificates: [],
    };
    const client = fakeClient(
      admin.roles,
      {
        'sso.getConnections': () => ({ saml_connections: [], oidc_connections: [], external_connections: [] }),
        'organization.get': () => organization,
        'sso.saml.createConnection': () => ({ connection: created }),
      },
      calls,
    );
    const el = mountAdminPortalSSO({ elementId: '#sso-new', client });
    await settle(el);
    await waitUntil(() => text(el).includes('No SSO connections yet.'));
    await press(el, 'New connection');
    await typeInto(fieldOf(el, 'Display name'), 'Okta');
    await press(el, 'Create connection');
    await waitUntil(() => calls['sso.saml.createConnection']);
    expect(calls['sso.saml.createConnection']).to.deep.equal([{ display_name: 'Okta', identity_provider: 'okta' }]);
    await waitUntil(() => el.querySelector('h1')?.textContent === 'Okta');
    expect(text(el)).to.include('In the Okta admin console');
    expect([...el.querySelectorAll('code')].map(text)).to.deep.equal([created.acs_url, created.audience_uri, created.audience_uri]);
  });

  it('without SSO rights: no new connection and no delete', async () => {
    await host('sso-member');
    const active = { connection_id: 'saml-1', display_name: 'Entra', identity_provider: 'microsoft-entra', status: 'active' };
    const client = fakeClient(
      ['stytch_member'],
      { 'sso.getConnections': () => ({ saml_connections: [active], oidc_connections: [], external_connections: [] }), 'organization.get': () => organization },
      {},
    );
    const el = mountAdminPortalSSO({ elementId: '#sso-member', client });
    await settle(el);
    await waitUntil(() => text(el).includes('Microsoft Entra ID'));
    expect(buttonOf(el, 'New connection')).to.equal(undefined);
    expect(buttonOf(el, 'Delete Entra')).to.equal(undefined);
    expect(buttonOf(el, 'Test sign-in through Entra')).to.exist;
  });

  it('lists the external connections with the organization and connection they go through, and deletes one', async () => {
    await host('sso-external');
    const calls: Calls = {};
    const external = {
      organization_id: 'organization-1',
      connection_id: 'external-connection-1',
      display_name: 'Parent Okta',
      external_organization_id: 'organization-parent',
      external_connection_id: 'saml-connection-parent',
      status: 'active',
      external_connection_implicit_role_assignments: [],
      external_group_implicit_role_assignments: [],
    };
    let listed = [external];
    const client = fakeClient(
      admin.roles,
      {
        'sso.getConnections': () => ({ saml_connections: [], oidc_connections: [], external_connections: listed }),
        'organization.get': () => organization,
        'sso.deleteConnection': () => {
          listed = [];
          return { connection_id: external.connection_id };
        },
      },
      calls,
    );
    const el = mountAdminPortalSSO({ elementId: '#sso-external', client });
    await settle(el);
    await waitUntil(() => text(el).includes('External connections'));
    const row = [...el.querySelectorAll('tr')].find((r) => r.textContent?.includes('Parent Okta'))!;
    expect([...row.querySelectorAll('td')].slice(0, 3).map(text)).to.deep.equal(['Parent Okta', 'organization-parent', 'saml-connection-parent']);
    await press(el, 'Delete Parent Okta');
    await waitUntil(() => calls['sso.deleteConnection']);
    expect(calls['sso.deleteConnection']).to.deep.equal(['external-connection-1']);
    await waitUntil(() => !text(el).includes('External connections'));
  });

  it('without SSO rights: external connections listed without delete', async () => {
    await host('sso-external-member');
    const external = {
      connection_id: 'external-connection-2',
      display_name: 'Parent',
      external_organization_id: 'organization-parent',
      external_connection_id: 'oidc-connection-parent',
      status: 'active',
    };
    const client = fakeClient(
      ['stytch_member'],
      { 'sso.getConnections': () => ({ saml_connections: [], oidc_connections: [], external_connections: [external] }), 'organization.get': () => organization },
      {},
    );
    const el = mountAdminPortalSSO({ elementId: '#sso-external-member', client });
    await settle(el);
    await waitUntil(() => text(el).includes('oidc-connection-parent'));
    expect(buttonOf(el, 'Delete Parent')).to.equal(undefined);
  });
});

describe('admin portal: SCIM', () => {
  it('creates the connection and shows its token once; a rotation shows the new token until it is completed', async () => {
    await host('scim');
    const calls: Calls = {};
    const connection = {
      connection_id: 'scim-connection-1',
      organization_id: 'organization-1',
      status: 'active',
      display_name: 'Okta',
      identity_provider: 'okta',
      base_url: 'https://provider.test/v1/scim/scim-connection-1',
      bearer_token_last_four: 'abcd',
      bearer_token_expires_at: '',
      scim_group_implicit_role_assignments: [],
    };
    const client = fakeClient(
      admin.roles,
      {
        'scim.getConnection': () => ({ connection: null }),
        'scim.createConnection': () => ({ connection: { ...connection, bearer_token: 'token-one-abcd' } }),
        'scim.getConnectionGroups': () => ({ scim_groups: [], next_cursor: null }),
        'scim.rotateStart': () => ({ connection: { ...connection, next_bearer_token: 'token-two-wxyz', next_bearer_token_last_four: 'wxyz' } }),
        'scim.rotateComplete': () => ({ connection: { ...connection, bearer_token_last_four: 'wxyz' } }),
      },
      calls,
    );
    const el = mountAdminPortalSCIM({ elementId: '#scim', client });
    await settle(el);
    await press(el, 'Create connection');
    await waitUntil(() => text(el).includes('token-one-abcd'));
    expect(text(el)).to.include('it is shown only once');
    await press(el, 'Rotate token');
    await waitUntil(() => text(el).includes('token-two-wxyz'));
    await press(el, 'Complete rotation');
    await waitUntil(() => calls['scim.rotateComplete']);
    expect(calls['scim.rotateComplete']).to.deep.equal(['scim-connection-1']);
    await waitUntil(() => !text(el).includes('token-two-wxyz'));
  });
});
