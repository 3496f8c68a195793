import { expect } from '@open-wc/testing';
import { meterSegments } from '../../../screens/components/strength/StrengthIndicator.tsx';
import { passwordStateAtom, transitionAtom } from '../../../screens/state/atoms.ts';
import { apiError, button, renderLogin, type Rendered, typePassword } from './helpers.tsx';
import { passwordClient, verdict, type PasswordFakeOptions } from './password-fakes.ts';

const EMAIL = 'ada@example.com';

async function newUser(options: PasswordFakeOptions) {
  const fake = passwordClient({ userType: 'new', ...options });
  const r = await renderLogin({ products: ['passwords'] }, fake.client, (store) => {
    store.set(passwordStateAtom, { email: EMAIL, type: 'new' });
    store.set(transitionAtom, 'PasswordCreateOrLogin');
  });
  return { r, ...fake };
}

const segments = (r: Rendered) => [...r.root.querySelectorAll('[role="meter"] > span')].map((s) => s.getAttribute('data-color') ?? 'empty');
const indicator = (r: Rendered) => r.root.querySelector('[part~="strength"]')?.textContent ?? '';

describe('Password strength indicator', () => {
  let r: Rendered | undefined;
  afterEach(() => r?.unmount());

  it('maps zxcvbn scores to the SPEC meter: 0-1 one red, 2 two red, 3 three green, 4 four green', () => {
    expect([0, 1, 2, 3, 4].map(meterSegments)).to.deep.equal([
      { filled: 1, color: 'red' },
      { filled: 1, color: 'red' },
      { filled: 2, color: 'red' },
      { filled: 3, color: 'green' },
      { filled: 4, color: 'green' },
    ]);
  });

  it('zxcvbn: a French user reads the warning for a weak password in French', async () => {
    const fake = passwordClient({ userType: 'new', strength: () => Promise.resolve(verdict({ valid: false, score: 0, warning: 'This is a top-10 common password.' })) });
    r = await renderLogin({ products: ['passwords'], locale: 'fr' }, fake.client, (store) => {
      store.set(passwordStateAtom, { email: EMAIL, type: 'new' });
      store.set(transitionAtom, 'PasswordCreateOrLogin');
    });
    await typePassword(r, 'password');
    expect(r.root.querySelector('[part~="strength-warning"]')!.textContent).to.equal('C’est l’un des 10 mots de passe les plus courants.');
    expect(indicator(r)).not.to.contain('common');
  });

  it('zxcvbn: the meter shows the score with its warning, and names itself for screen readers', async () => {
    let score = 0;
    const s = await newUser({ strength: () => Promise.resolve(verdict({ valid: score >= 3, score, warning: score < 3 ? 'This is a very common password.' : '' })) });
    r = s.r;
    await typePassword(r, 'p');
    expect(segments(r)).to.deep.equal(['red', 'empty', 'empty', 'empty']);
    // The provider's wording, said by the catalog's English for its id.
    expect(indicator(r)).to.contain('This password is very common.');
    expect(r.root.querySelector('[part~="strength-accepted"]')).to.equal(null);
    score = 2;
    await typePassword(r, 'pa');
    expect(segments(r)).to.deep.equal(['red', 'red', 'empty', 'empty']);
    score = 3;
    await typePassword(r, 'pas');
    expect(segments(r)).to.deep.equal(['green', 'green', 'green', 'empty']);
    expect(indicator(r)).not.to.contain('common');
    // A password the provider accepts is said to be so, not only drawn in green.
    expect(r.root.querySelector('[part~="strength-accepted"]')!.textContent).to.equal('✓ Password accepted.');
    score = 4;
    await typePassword(r, 'pass');
    expect(segments(r)).to.deep.equal(['green', 'green', 'green', 'green']);
    const meter = r.root.querySelector('[role="meter"]')!;
    expect(meter.getAttribute('aria-label')).to.equal('Password strength');
    expect(meter.getAttribute('aria-valuetext')).to.equal('4 of 4');
  });

  it('LUDS: the length and complexity requirements with the project numbers, met or not', async () => {
    let missing = { missingCharacters: 3, missingComplexity: 2 };
    const s = await newUser({ luds: { luds_complexity: 3, luds_minimum_count: 10 }, strength: () => Promise.resolve(verdict({ valid: false, policy: 'luds', ...missing })) });
    r = s.r;
    await typePassword(r, 'abcdefg');
    expect(r.root.querySelector('[role="meter"]')).to.equal(null);
    const items = () => [...r!.root.querySelectorAll('[part~="requirement"]')].map((li) => [li.textContent, li.getAttribute('part')]);
    expect(items()).to.deep.equal([
      ['Not met: ✗ Must be at least 10 characters long', 'requirement'],
      ['Not met: ✗ Must contain 3 of the following: uppercase letter, lowercase letter, number, symbol', 'requirement'],
    ]);
    missing = { missingCharacters: 0, missingComplexity: 1 };
    await typePassword(r, 'abcdefghij');
    expect(items().map((i) => i[1])).to.deep.equal(['requirement requirement-met', 'requirement']);
    expect(indicator(r)).to.contain('Your password must meet all requirements.');
    expect(button(r.root, 'Continue')!.disabled).to.equal(true);
  });

  it('LUDS: every requirement met shows both checks and says the password is accepted', async () => {
    const s = await newUser({
      luds: { luds_complexity: 3, luds_minimum_count: 10 },
      strength: () => Promise.resolve(verdict({ valid: true, policy: 'luds', missingCharacters: 0, missingComplexity: 0 })),
    });
    r = s.r;
    await typePassword(r, 'Abcdefghi1!');
    const items = [...r.root.querySelectorAll('[part~="requirement"]')].map((li) => li.textContent);
    expect(items).to.deep.equal(['Met: ✓ Must be at least 10 characters long', 'Met: ✓ Must contain 3 of the following: uppercase letter, lowercase letter, number, symbol']);
    expect(r.root.querySelector('[part~="strength-accepted"]')!.textContent).to.equal('✓ Password accepted.');
    expect(indicator(r)).not.to.contain('must meet all requirements');
    expect(button(r.root, 'Continue')!.disabled).to.equal(false);
  });

  it('the breach message shows for a breached password and Continue stays disabled', async () => {
    const s = await newUser({ strength: () => Promise.resolve(verdict({ valid: false, policy: 'luds', breached: true })) });
    r = s.r;
    await typePassword(r, 'Password1!');
    expect(indicator(r)).to.contain('This password may have been used on a different site that experienced a security issue. Please choose another password.');
    expect(button(r.root, 'Continue')!.disabled).to.equal(true);
  });

  it('policy none shows nothing, and the button follows valid_password', async () => {
    const s = await newUser({ strength: () => Promise.resolve(verdict({ valid: true, policy: 'none' })) });
    r = s.r;
    await typePassword(r, 'anything');
    expect(r.root.querySelector('[role="meter"]')).to.equal(null);
    expect(r.root.querySelector('[part~="strength"]')).to.equal(null);
    expect(r.root.querySelector('[part~="requirement"]')).to.equal(null);
    expect(button(r.root, 'Continue')!.disabled).to.equal(false);
  });

  it('an invalid-email error from the check shows its message', async () => {
    const s = await newUser({ strength: () => Promise.reject(apiError('invalid_email', 'Email format is invalid.')) });
    r = s.r;
    await typePassword(r, 'whatever password');
    const alert = r.root.querySelector('[role="alert"]')!;
    expect(alert.textContent).to.equal('Email format is invalid.');
    expect(button(r.root, 'Continue')!.disabled).to.equal(true);
    expect(r.errors.map((e) => (e as { error_type?: string }).error_type)).to.deep.equal(['invalid_email']);
  });

  it('clearing the field clears the verdict and sends no check', async () => {
    const s = await newUser({});
    r = s.r;
    await typePassword(r, 'long enough password');
    expect(button(r.root, 'Continue')!.disabled).to.equal(false);
    await typePassword(r, '');
    expect(s.calls.strengthCheck).to.have.length(1);
    expect(r.root.querySelector('[role="meter"]')).to.equal(null);
    expect(button(r.root, 'Continue')!.disabled).to.equal(true);
  });
});

describe('Password strength when the call itself breaks', () => {
  it('shows the generic message and reports the error instead of throwing in a timer', async () => {
    // A client without `passwords`: the check fails inside the debounce timer (reported as a missing client).
    const r = await renderLogin({ products: ['passwords'] }, {}, (store) => {
      store.set(passwordStateAtom, { email: EMAIL, type: 'new' });
      store.set(transitionAtom, 'PasswordCreateOrLogin');
    });
    try {
      await typePassword(r, 'some password');
      expect(r.root.querySelector('[role="alert"]')!.textContent).to.equal('Something went wrong. Please try again.');
      expect(r.errors.map((e) => e.name)).to.deep.equal(['MissingClientError']);
    } finally {
      r.unmount();
    }
  });
});
