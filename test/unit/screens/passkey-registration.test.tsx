import { expect } from '@open-wc/testing';
import { createStore } from 'jotai';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { LoginApp as App } from '../../../screens/login/LoginApp.tsx';
import type { WidgetClient, WidgetEventPayload } from '../../../screens/context.ts';
import { apiError, button, click, flush, type } from './helpers.tsx';
import { passkeyTexts } from './passkey-texts.ts';

const s = passkeyTexts;

interface Reg {
  webauthn_registration_id: string;
  name: string;
  user_agent: string;
  domain: string;
  verified: boolean;
  authenticator_type: string;
}
const reg = (id: string, name: string, user_agent: string): Reg => ({ webauthn_registration_id: id, name, user_agent, domain: 'localhost', verified: true, authenticator_type: 'platform' });
const MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) Chrome/120.0';
const PHONE = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) Mobile Safari/537.36';

/** A deferred promise the test settles by hand, to look at optimistic states. */
function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((a, b) => ((resolve = a), (reject = b)));
  return { promise, resolve, reject };
}

/** A fake client with a server-side list of registrations. */
function fakeClient(initial: Reg[], o: { signedIn?: boolean; noTokens?: boolean; register?: () => Promise<unknown>; listFails?: boolean } = {}) {
  const server = { regs: [...initial] };
  const calls: { register: unknown[]; update: unknown[]; remove: string[]; userGet: number } = { register: [], update: [], remove: [], userGet: 0 };
  const user = () => ({ user_id: 'user-1', webauthn_registrations: server.regs });
  let nextUpdate: (() => Promise<unknown>) | undefined;
  let nextDelete: (() => Promise<unknown>) | undefined;
  let signedOut = !!o.noTokens;
  const sessionListeners = new Set<(s: unknown) => void>();
  const client = {
    session: {
      getTokens: () => (signedOut ? null : { session_token: 'session-token', session_jwt: 'jwt' }),
      onChange: (l: (s: unknown) => void) => (sessionListeners.add(l), () => void sessionListeners.delete(l)),
    },
    user: {
      getSync: () => null,
      get: () => {
        calls.userGet++;
        return o.signedIn === false
          ? Promise.reject(apiError('unauthorized_credentials', 'no session', 401))
          : o.listFails && calls.register.length > 0
            ? Promise.reject(new Error('offline'))
            : Promise.resolve(user());
      },
      onChange: () => () => {},
      deleteWebauthnRegistration: (id: string) => {
        calls.remove.push(id);
        const run = nextDelete ?? (() => Promise.resolve());
        return run().then(() => {
          server.regs = server.regs.filter((r) => r.webauthn_registration_id !== id);
          return { user_id: 'user-1', user: user() };
        });
      },
    },
    webauthn: {
      register: (opts: unknown) => {
        calls.register.push(opts);
        return (o.register ?? (() => Promise.resolve({ webauthn_registration_id: 'reg-new', user_id: 'user-1' })))();
      },
      update: (opts: { webauthn_registration_id: string; name: string }) => {
        calls.update.push(opts);
        const run = nextUpdate ?? (() => Promise.resolve());
        return run().then(() => {
          server.regs = server.regs.map((r) => (r.webauthn_registration_id === opts.webauthn_registration_id ? { ...r, name: opts.name } : r));
          return { webauthn_registration: {} };
        });
      },
    },
  };
  return {
    client,
    calls,
    server,
    holdUpdate: (p: Promise<unknown>) => (nextUpdate = () => p),
    holdDelete: (p: Promise<unknown>) => (nextDelete = () => p),
    /** The page signs out: the session goes, and its listeners hear it. */
    signOut: () => {
      signedOut = true;
      sessionListeners.forEach((l) => l(null));
    },
  };
}

interface Mounted {
  root: HTMLElement;
  events: WidgetEventPayload[];
  errors: Error[];
  unmount(): void;
}

async function renderRegistration(client: unknown, config: unknown = {}): Promise<Mounted> {
  const root = document.createElement('div');
  document.body.append(root);
  const events: WidgetEventPayload[] = [];
  const errors: Error[] = [];
  const r = createRoot(root);
  await act(async () => {
    r.render(
      <App
        mode="passkey-registration"
        store={createStore()}
        config={config}
        styles={{}}
        client={client as WidgetClient}
        callbacks={{ onEvent: (e) => events.push(e), onError: (e) => errors.push(e) }}
      />,
    );
  });
  await flush();
  return { root, events, errors, unmount: () => (r.unmount(), root.remove()) };
}

const h1 = (m: Mounted) => m.root.querySelector('h1')?.textContent;
const rows = (m: Mounted) => [...m.root.querySelectorAll('li')].map((li) => li.textContent);

describe('stytch-passkey-registration', () => {
  let m: Mounted | undefined;
  const errors: unknown[][] = [];
  const original = console.error;
  // React's own act() warnings also go to console.error; only the widget's log lines count.
  const logged = () => errors.filter((a) => String(a[0]).startsWith('stytch-ui: passkey'));
  beforeEach(() => {
    errors.length = 0;
    console.error = (...args: unknown[]) => void errors.push(args);
  });
  afterEach(() => {
    console.error = original;
    m?.unmount();
  });

  it('with no session at all shows the SPEC §2 error and reports it, without a call that could only fail (a 401 in the console)', async () => {
    const f = fakeClient([], { noTokens: true });
    m = await renderRegistration(f.client);
    expect(m.root.querySelector('[role="alert"]')!.textContent).to.equal(s.noUser);
    expect(m.root.querySelector('button')).to.equal(null);
    expect(f.calls.userGet).to.equal(0);
    expect(m.errors[0]!.message).to.equal(s.noUser);
  });

  it('with a session the provider no longer knows shows the SPEC §2 error and reports it', async () => {
    m = await renderRegistration(fakeClient([], { signedIn: false }).client);
    expect(m.root.querySelector('[role="alert"]')!.textContent).to.equal(s.noUser);
    expect(m.root.querySelector('button')).to.equal(null);
    expect(m.errors[0]!.message).to.contain('unauthorized_credentials');
  });

  it('signed out under the screen: shows the SPEC §2 error and reports it once; the user answer that comes after does not bring the screen back', async () => {
    const f = fakeClient([reg('reg-1', 'Laptop', MAC)]);
    type User = ReturnType<typeof f.client.user.get> extends Promise<infer U> ? U : never;
    let answer: (u: User) => void = () => undefined;
    f.client.user.get = () => (f.calls.userGet++, new Promise<User>((ok) => (answer = ok)));
    m = await renderRegistration(f.client);
    f.signOut();
    await flush();
    answer({ user_id: 'user-1', webauthn_registrations: f.server.regs });
    await flush();
    expect(m.root.querySelector('[role="alert"]')!.textContent).to.equal(s.noUser);
    expect(m.root.querySelector('button')).to.equal(null);
    expect(m.errors.map((e) => e.message)).to.deep.equal([s.noUser]);
  });

  it('starts at "Set up a new Passkey"; Create registers a passkey (session 30) and shows the list with device labels', async () => {
    const f = fakeClient([reg('reg-1', 'Laptop', MAC), reg('reg-2', '', PHONE), reg('reg-3', 'Key', '')]);
    m = await renderRegistration(f.client);
    expect(h1(m)).to.equal('Set up a new Passkey');
    expect(m.root.textContent).to.contain('fingerprint, face, or screen lock');
    expect(button(m.root, 'Skip')).not.to.equal(undefined);
    await click(button(m.root, 'Create a Passkey'));
    expect(f.calls.register).to.deep.equal([{ is_passkey: true, session_duration_minutes: 30, domain: undefined }]);
    expect(m.events.map((e) => e.type)).to.deep.equal(['PASSKEY_REGISTER']);
    expect(m.events[0]!.data).to.deep.equal({ webauthn_registration_id: 'reg-new', user_id: 'user-1' });
    expect(h1(m)).to.equal('Passkey successfully created!');
    expect(m.root.querySelector('h2')!.textContent).to.equal('Existing Passkeys');
    expect(rows(m)).to.deep.equal(['LaptopDesktop device', 'PasskeyMobile device', 'KeyUnknown device']);
    expect(button(m.root, 'Set up another Passkey')!.disabled).to.equal(false);
    expect(button(m.root, 'Done')!.disabled).to.equal(false);
  });

  // Issue 17: a user with passkeys saw none until one more was created; the list now shows on open.
  it('a signed-in user with a passkey sees it listed on open, with rename and delete, from the one user fetch', async () => {
    const f = fakeClient([reg('reg-1', 'Laptop', MAC)]);
    m = await renderRegistration(f.client);
    expect(h1(m)).to.equal('Set up a new Passkey');
    expect(m.root.querySelector('h2')!.textContent).to.equal('Existing Passkeys');
    expect(rows(m)).to.deep.equal(['LaptopDesktop device']);
    expect(button(m.root, 'Create a Passkey')!.disabled).to.equal(false);
    expect(f.calls.userGet).to.equal(1);

    await click(button(m.root, 'Rename Laptop'));
    expect(button(m.root, 'Create a Passkey')!.disabled).to.equal(true);
    expect(button(m.root, 'Skip')!.disabled).to.equal(true);
    await type(m.root.querySelector<HTMLInputElement>('li input')!, 'Work laptop');
    await click(button(m.root, 'Save'));
    expect(rows(m)).to.deep.equal(['Work laptopDesktop device']);
    expect(f.calls.update).to.deep.equal([{ webauthn_registration_id: 'reg-1', name: 'Work laptop' }]);

    await click(button(m.root, 'Delete Work laptop'));
    expect(m.root.querySelector('[role="alert"]')!.textContent).to.equal(s.deleteWarning);
    expect(button(m.root, 'Create a Passkey')).to.equal(undefined);
    await click(button(m.root, 'Delete'));
    expect(f.calls.remove).to.deep.equal(['reg-1']);
    // With none left the screen is the plain set-up screen again.
    expect(m.root.querySelector('h2')).to.equal(null);
    expect(rows(m)).to.deep.equal([]);
    expect(h1(m)).to.equal('Set up a new Passkey');
    expect(button(m.root, 'Create a Passkey')!.disabled).to.equal(false);
  });

  it('a signed-in user with no passkeys sees the set-up screen without a list', async () => {
    m = await renderRegistration(fakeClient([]).client);
    expect(h1(m)).to.equal('Set up a new Passkey');
    expect(m.root.querySelector('h2')).to.equal(null);
    expect(m.root.querySelector('ul')).to.equal(null);
  });

  it('Skip emits the skip event and shows the success screen; Set up another returns; Done emits done', async () => {
    m = await renderRegistration(fakeClient([reg('reg-1', 'Laptop', MAC)]).client, { sessionOptions: { sessionDurationMinutes: 60 } });
    await click(button(m.root, 'Skip'));
    expect(m.events.map((e) => e.type)).to.deep.equal(['PASSKEY_SKIP']);
    expect(h1(m)).to.equal('Passkey successfully created!');
    await click(button(m.root, 'Set up another Passkey'));
    expect(h1(m)).to.equal('Set up a new Passkey');
    expect(document.activeElement).to.equal(m.root.querySelector('h1'));
    await click(button(m.root, 'Skip'));
    await click(button(m.root, 'Done'));
    expect(m.events.map((e) => e.type)).to.deep.equal(['PASSKEY_SKIP', 'PASSKEY_SKIP', 'PASSKEY_DONE']);
  });

  it('shows the creation error texts: already registered, and any other failure', async () => {
    const outcomes = [
      () =>
        Promise.reject(
          Object.assign(new Error('The user attempted to register an authenticator that contains one of the credentials already registered with the relying party.'), { name: 'InvalidStateError' }),
        ),
      () => Promise.reject(Object.assign(new Error('The operation either timed out or was not allowed.'), { name: 'NotAllowedError' })),
    ];
    const f = fakeClient([], { register: () => outcomes.shift()!() });
    m = await renderRegistration(f.client);
    await click(button(m.root, 'Create a Passkey'));
    expect(m.root.querySelector('[role="alert"]')!.textContent).to.equal(s.duplicate);
    await click(button(m.root, 'Create a Passkey'));
    expect(m.root.querySelector('[role="alert"]')!.textContent).to.equal(s.notCreated);
    expect(m.errors).to.have.length(2);
    expect(h1(m)).to.equal('Set up a new Passkey');
  });

  it('renames inline with an optimistic update; other rows and the bottom buttons are disabled meanwhile', async () => {
    const f = fakeClient([reg('reg-1', 'Laptop', MAC), reg('reg-2', 'Phone', PHONE)]);
    m = await renderRegistration(f.client);
    await click(button(m.root, 'Skip'));
    await click(button(m.root, 'Rename Laptop'));
    const input = m.root.querySelector<HTMLInputElement>('li input')!;
    expect(input.value).to.equal('Laptop');
    expect(document.activeElement).to.equal(input);
    // The current name is selected: typing replaces it.
    expect([input.selectionStart, input.selectionEnd]).to.deep.equal([0, 'Laptop'.length]);
    expect(button(m.root, 'Rename Phone')!.disabled).to.equal(true);
    expect(button(m.root, 'Delete Phone')!.disabled).to.equal(true);
    expect(button(m.root, 'Set up another Passkey')!.disabled).to.equal(true);
    expect(button(m.root, 'Done')!.disabled).to.equal(true);
    const hold = deferred<void>();
    f.holdUpdate(hold.promise);
    await type(input, 'Work laptop');
    await click(button(m.root, 'Save'));
    expect(rows(m)[0]).to.equal('Work laptopDesktop device');
    expect(f.calls.update).to.deep.equal([{ webauthn_registration_id: 'reg-1', name: 'Work laptop' }]);
    expect(button(m.root, 'Done')!.disabled).to.equal(false);
    await act(async () => hold.resolve());
    await flush();
    expect(rows(m)[0]).to.equal('Work laptopDesktop device');
    expect(f.server.regs[0]!.name).to.equal('Work laptop');
  });

  it('a failed rename puts the old name back and is only logged', async () => {
    const f = fakeClient([reg('reg-1', 'Laptop', MAC)]);
    m = await renderRegistration(f.client);
    await click(button(m.root, 'Skip'));
    await click(button(m.root, 'Rename Laptop'));
    f.holdUpdate(Promise.reject(apiError('invalid_name', 'bad')));
    await type(m.root.querySelector<HTMLInputElement>('li input')!, 'Other');
    await act(async () => m!.root.querySelector('li form')!.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true })));
    await flush();
    expect(rows(m)).to.deep.equal(['LaptopDesktop device']);
    expect(m.root.querySelector('[role="alert"]')).to.equal(null);
    expect(m.errors).to.have.length(0);
    expect(logged()).to.have.length(1);
  });

  it('Escape leaves rename without a call and gives focus back to the rename button', async () => {
    const f = fakeClient([reg('reg-1', 'Laptop', MAC)]);
    m = await renderRegistration(f.client);
    await click(button(m.root, 'Skip'));
    await click(button(m.root, 'Rename Laptop'));
    await act(async () => m!.root.querySelector('li input')!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true })));
    expect(m.root.querySelector('li input')).to.equal(null);
    expect(f.calls.update).to.have.length(0);
    expect(document.activeElement).to.equal(button(m.root, 'Rename Laptop'));
  });

  it('delete warns, hides the bottom buttons, and Cancel clears the selection', async () => {
    const f = fakeClient([reg('reg-1', 'Laptop', MAC), reg('reg-2', 'Phone', PHONE)]);
    m = await renderRegistration(f.client);
    await click(button(m.root, 'Skip'));
    await click(button(m.root, 'Delete Laptop'));
    expect(m.root.querySelector('[role="alert"]')!.textContent).to.equal('Once deleted, the passkey cannot be restored.');
    expect(button(m.root, 'Set up another Passkey')).to.equal(undefined);
    expect(button(m.root, 'Done')).to.equal(undefined);
    expect(button(m.root, 'Rename Phone')!.disabled).to.equal(true);
    expect(button(m.root, 'Delete Phone')!.disabled).to.equal(true);
    expect(document.activeElement).to.equal(button(m.root, 'Delete'));
    await click(button(m.root, 'Cancel'));
    expect(m.root.querySelector('[role="alert"]')).to.equal(null);
    expect(document.activeElement).to.equal(button(m.root, 'Delete Laptop'));
    expect(button(m.root, 'Done')).not.to.equal(undefined);
    expect(f.calls.remove).to.have.length(0);
  });

  // Regression: Escape left a rename but not a delete confirmation, so keyboard users had to
  // find Cancel to back out of a destructive step.
  it('Escape leaves a delete confirmation without a call and gives focus back to the delete button', async () => {
    const f = fakeClient([reg('reg-1', 'Laptop', MAC)]);
    m = await renderRegistration(f.client);
    await click(button(m.root, 'Skip'));
    await click(button(m.root, 'Delete Laptop'));
    await act(async () => button(m!.root, 'Delete')!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true })));
    expect(m.root.querySelectorAll('[role="alert"]').length).to.equal(0);
    expect(f.calls.remove).to.have.length(0);
    expect(document.activeElement === button(m.root, 'Delete Laptop'), 'focus on the delete button').to.equal(true);
    expect(button(m.root, 'Done') !== undefined, 'Done is back').to.equal(true);
  });

  it('confirming a delete removes the row at once; a failed delete brings it back, only logged', async () => {
    const f = fakeClient([reg('reg-1', 'Laptop', MAC), reg('reg-2', 'Phone', PHONE)]);
    m = await renderRegistration(f.client);
    await click(button(m.root, 'Skip'));
    const hold = deferred<void>();
    f.holdDelete(hold.promise);
    await click(button(m.root, 'Delete Laptop'));
    await click(button(m.root, 'Delete'));
    expect(rows(m)).to.deep.equal(['PhoneMobile device']);
    expect(m.root.querySelector('[role="alert"]')).to.equal(null);
    await act(async () => hold.resolve());
    await flush();
    expect(f.calls.remove).to.deep.equal(['reg-1']);
    expect(rows(m)).to.deep.equal(['PhoneMobile device']);

    f.holdDelete(Promise.reject(new Error('offline')));
    await click(button(m.root, 'Delete Phone'));
    await click(button(m.root, 'Delete'));
    await flush();
    expect(rows(m)).to.deep.equal(['PhoneMobile device']);
    expect(m.errors).to.have.length(0);
    expect(logged()).to.have.length(1);
  });

  it('a list that fails to load is only logged', async () => {
    const f = fakeClient([reg('reg-1', 'Laptop', MAC)], { listFails: true });
    m = await renderRegistration(f.client);
    await click(button(m.root, 'Create a Passkey'));
    expect(h1(m)).to.equal('Passkey successfully created!');
    expect(m.root.querySelector('[role="alert"]')).to.equal(null);
    expect(m.errors).to.have.length(0);
    expect(logged()).to.have.length(1);
  });
});
