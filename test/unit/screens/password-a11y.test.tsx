import { expect } from '@open-wc/testing';
import axe from 'axe-core';
import { createStore } from 'jotai';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { LoginApp as App } from '../../../screens/login/LoginApp.tsx';
import type { WidgetClient } from '../../../screens/context.ts';
import { passwordStateAtom, transitionAtom, type ScreenName } from '../../../screens/state/atoms.ts';
import { apiError, button, click, FakeClock, flush, renderLogin, type, typePassword } from './helpers.tsx';
import { deferred, passwordClient, verdict } from './password-fakes.ts';

// Screens the provider never leads to in end-to-end runs (dedupe, breached, LUDS, the
// logging-in state) get axe's structural rules here. Colours need the theme sheet, which only
// the elements inject: the e2e axe runs cover contrast.
async function violations(root: HTMLElement): Promise<string[]> {
  const r = await axe.run(root, { rules: { 'color-contrast': { enabled: false } }, resultTypes: ['violations'] });
  return r.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

describe('Password screens: axe', () => {
  const cleanup: (() => void)[] = [];
  afterEach(() => cleanup.splice(0).forEach((f) => f()));

  it('the four reset-email screens', async () => {
    for (const screen of ['PasswordForgot', 'PasswordBreached', 'PasswordSetNew', 'PasswordDedupe'] satisfies ScreenName[]) {
      const r = await renderLogin({ products: ['passwords'] }, passwordClient().client, (store) => {
        store.set(passwordStateAtom, { email: 'ada@example.com', type: 'password' });
        store.set(transitionAtom, screen);
      });
      cleanup.push(r.unmount);
      expect(await violations(r.root), screen).to.deep.equal([]);
    }
  });

  it('Create an account with LUDS requirements, the breach message and a create error', async () => {
    const fake = passwordClient({
      luds: { luds_complexity: 3, luds_minimum_count: 10 },
      strength: () => Promise.resolve(verdict({ valid: false, policy: 'luds', breached: true, missingCharacters: 2 })),
    });
    const r = await renderLogin({ products: ['passwords', 'emailMagicLinks'] }, fake.client, (store) => {
      store.set(passwordStateAtom, { email: 'ada@example.com', type: 'new' });
      store.set(transitionAtom, 'PasswordCreateOrLogin');
    });
    cleanup.push(r.unmount);
    await typePassword(r, 'Password1');
    expect(r.root.querySelectorAll('[part~="requirement"]')).to.have.length(2);
    expect(await violations(r.root)).to.deep.equal([]);
  });

  it('Log In with an error, and the passwordless code screen with "Create a password instead"', async () => {
    const fake = passwordClient({ authenticate: () => Promise.reject(apiError('unauthorized_credentials', 'The email or password is incorrect.', 401)) });
    const r = await renderLogin({ products: ['passwords'] }, fake.client, (store) => {
      store.set(passwordStateAtom, { email: 'ada@example.com', type: 'password' });
      store.set(transitionAtom, 'PasswordCreateOrLogin');
    });
    cleanup.push(r.unmount);
    await type(r.root.querySelector<HTMLInputElement>('input[autocomplete="current-password"]')!, 'nope');
    await click(button(r.root, 'Continue'));
    expect(r.root.querySelector('[role="alert"]')).not.to.equal(null);
    expect(await violations(r.root)).to.deep.equal([]);

    const less = await renderLogin({ products: ['passwords', 'otp'], otpOptions: { methods: ['email'] } }, passwordClient().client, (store) => {
      store.set(passwordStateAtom, { email: 'ada@example.com', type: 'passwordless' });
      store.set(transitionAtom, 'PasswordCreateOrLogin');
    });
    cleanup.push(less.unmount);
    expect(button(less.root, 'Create a password instead')).not.to.equal(undefined);
    expect(await violations(less.root)).to.deep.equal([]);
  });

  it('the reset form and its Logging in... state', async () => {
    const pending = deferred<unknown>();
    const { client } = passwordClient({ magicLinkAuthenticate: () => pending.promise });
    const root = document.createElement('div');
    document.body.append(root);
    const reactRoot = createRoot(root);
    cleanup.push(() => (reactRoot.unmount(), root.remove()));
    await act(async () => {
      reactRoot.render(
        <App
          mode="reset-password"
          store={createStore()}
          config={{ products: ['passwords'] }}
          styles={{}}
          env={{ timers: new FakeClock() }}
          client={client as unknown as WidgetClient}
          passwordResetToken="t"
          callbacks={{ onEvent: () => {}, onError: () => {} }}
        />,
      );
    });
    await flush();
    expect(root.querySelector('h1')!.textContent).to.equal('Reset your password');
    expect(await violations(root)).to.deep.equal([]);
    await click(button(root, 'Login without a password'));
    expect(root.querySelector('[role="status"]')!.textContent).to.equal('Logging in...');
    expect(await violations(root)).to.deep.equal([]);
  });
});
