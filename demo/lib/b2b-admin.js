// The B2B admin page: every change goes to this demo server's /admin/api/, which calls the
// provider's server API with the project secret (demo/b2b-admin.ts); none of it is in this page.

const AUTH_METHODS = {
  magic_link: 'Email magic link',
  email_otp: 'Email code',
  password: 'Password',
  sso: 'Single sign-on',
  google_oauth: 'Google',
  microsoft_oauth: 'Microsoft',
  hubspot_oauth: 'HubSpot',
  slack_oauth: 'Slack',
  github_oauth: 'GitHub',
};
const MFA_METHODS = { totp: 'Authenticator app', sms_otp: 'Text message code' };

const $ = (id) => document.getElementById(id);
const outbox = `${window.DEMO.providerUrl}/dev/outbox`;
for (const a of [$('outbox'), ...document.querySelectorAll('a.outbox')]) a.href = outbox;

const status = $('status');
function say(message, error = false) {
  status.textContent = message;
  status.classList.toggle('error', error);
}

/** Calls the demo server's admin API; its errors are the provider's (error_message) or its own. */
async function api(method, path, body, signal) {
  const change = method !== 'GET';
  const res = await fetch(`/admin/api${path}`, { method, headers: change ? { 'Content-Type': 'application/json' } : {}, body: change ? JSON.stringify(body ?? {}) : undefined, signal });
  const answer = await res.json().catch(() => ({}));
  if (!res.ok) throw new Error(answer.error_message ?? `The admin API answered ${res.status}.`);
  return answer;
}

/** Runs `work` with `button` busy, and says how it went. */
async function act(button, work, done) {
  button.disabled = true;
  try {
    const out = await work();
    say(done(out));
  } catch (e) {
    say(e.message, true);
  } finally {
    button.disabled = false;
  }
}

function checkboxes(box, name, labels) {
  box.replaceChildren(
    ...Object.entries(labels).map(([value, text]) => {
      const label = document.createElement('label');
      label.append(Object.assign(document.createElement('input'), { type: 'checkbox', name, value }), ` ${text}`);
      return label;
    }),
  );
}
checkboxes($('auth-choices'), 'allowed_auth_methods', AUTH_METHODS);
checkboxes($('mfa-choices'), 'allowed_mfa_methods', MFA_METHODS);

const SECTIONS = ['policy', 'invite', 'sso', 'members-box'];

/**
 * Shows an organization's detail, unless the select has moved on to another since it was asked
 * for: a late answer about the one chosen before must not overwrite the one shown (issue 52).
 */
function show(detail) {
  const org = detail.organization;
  if (org.organization_id !== $('org').value) return;
  const form = $('policy');
  for (const name of ['mfa_policy', 'mfa_methods', 'auth_methods']) for (const r of form.elements[name]) r.checked = r.value === org[name];
  for (const c of form.querySelectorAll('input[name="allowed_auth_methods"]')) c.checked = org.allowed_auth_methods.includes(c.value);
  for (const c of form.querySelectorAll('input[name="allowed_mfa_methods"]')) c.checked = org.allowed_mfa_methods.includes(c.value);
  const link = $('org-link');
  link.href = `/org/${encodeURIComponent(org.organization_slug)}`;
  link.textContent = `${org.organization_name}'s sign-in page`;
  link.hidden = false;
  const connections = [...detail.oidc_connections.map((c) => ({ ...c, protocol: 'OIDC' })), ...detail.saml_connections.map((c) => ({ ...c, protocol: 'SAML' }))];
  $('connections').replaceChildren(
    ...(connections.length
      ? connections.map((c) => Object.assign(document.createElement('li'), { textContent: `${c.display_name} (${c.protocol}, ${c.status})` }))
      : [Object.assign(document.createElement('li'), { textContent: 'No connections yet.' })]),
  );
  $('members').replaceChildren(
    ...detail.members.map((m) =>
      Object.assign(document.createElement('li'), {
        textContent: `${m.email_address} · ${m.status}${m.totp_registration_id ? ' · authenticator app' : ''}${m.mfa_phone_number_verified ? ' · text messages' : ''}`,
      }),
    ),
  );
  for (const id of SECTIONS) $(id).hidden = false;
}

async function loadOrganizations() {
  const { organizations } = await api('GET', '/organizations');
  const select = $('org');
  const keep = new URLSearchParams(location.search).get('org') ?? select.value;
  select.replaceChildren(...organizations.map((o) => Object.assign(document.createElement('option'), { value: o.organization_id, textContent: `${o.organization_name} (${o.organization_slug})` })));
  if (organizations.length === 0) {
    say('No organizations yet: sign in on the discovery page and create one, then reload.');
    return;
  }
  if (organizations.some((o) => o.organization_id === keep)) select.value = keep;
  await selectOrganization();
}

let loading; // the AbortController of the detail being loaded

async function selectOrganization() {
  const id = $('org').value;
  history.replaceState(history.state, '', `?org=${encodeURIComponent(id)}`);
  // The previous organization's forms go until this one's detail is in: nothing can be saved
  // from a form still showing another organization's settings.
  for (const section of SECTIONS) $(section).hidden = true;
  loading?.abort();
  loading = new AbortController();
  show(await api('GET', `/organizations/${encodeURIComponent(id)}`, undefined, loading.signal));
}

// Every action is on the organization the select shows.
const orgPath = () => `/organizations/${encodeURIComponent($('org').value)}`;

$('org').addEventListener('change', () => selectOrganization().catch((e) => e.name !== 'AbortError' && say(e.message, true)));
$('reload').addEventListener('click', (e) => act(e.currentTarget, loadOrganizations, () => 'Reloaded.'));

$('policy').addEventListener('submit', (e) => {
  e.preventDefault();
  const form = e.currentTarget;
  const checked = (name) => [...form.querySelectorAll(`input[name="${name}"]:checked`)].map((c) => c.value);
  const body = {
    mfa_policy: form.elements.mfa_policy.value,
    mfa_methods: form.elements.mfa_methods.value,
    allowed_mfa_methods: form.elements.mfa_methods.value === 'RESTRICTED' ? checked('allowed_mfa_methods') : [],
    auth_methods: form.elements.auth_methods.value,
    allowed_auth_methods: form.elements.auth_methods.value === 'RESTRICTED' ? checked('allowed_auth_methods') : [],
  };
  act(
    e.submitter,
    async () => show(await api('PUT', `${orgPath()}/policy`, body)),
    () => 'Policy saved.',
  );
});

$('invite').addEventListener('submit', (e) => {
  e.preventDefault();
  const email = $('invite-email').value.trim();
  act(
    e.submitter,
    async () => {
      await api('POST', `${orgPath()}/invite`, { email_address: email });
      show(await api('GET', orgPath()));
    },
    () => `Invitation sent to ${email}: its link is in the outbox.`,
  );
});

for (const protocol of ['oidc', 'saml']) {
  $(`connect-${protocol}`).addEventListener('click', (e) =>
    act(
      e.currentTarget,
      async () => show(await api('POST', `${orgPath()}/sso/${protocol}`)),
      () => `Connected the local ${protocol === 'oidc' ? 'OIDC issuer' : 'SAML IdP'}: members can now use it on the organization's sign-in page.`,
    ),
  );
}

loadOrganizations().catch((e) => say(e.message, true));
