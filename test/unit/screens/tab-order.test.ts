import { expect } from '@open-wc/testing';
import { resolveConfig } from '../../../screens/config/resolve.ts';
import { loginMethods } from '../../../screens/main/methods.ts';
// The official UI's own rule, from its shipped module: each product in config order adds its
// tabs; with passwords every email tab is the password email tab; the first occurrence stays.
// @ts-expect-error: an internal module of the official package, which ships no declaration for it.
import { getTabMethods } from '../../../node_modules/@stytch/vanilla-js/dist/esm-dev/packages/web/src/ui/b2c/screens/Main/LoginForm/index.mjs';

const messages = { passkeysAlone: 'a', emlWithEmailOtp: 'b', invalid: () => 'c' };

function permutations<T>(items: readonly T[]): T[][] {
  if (items.length === 0) return [[]];
  return items.flatMap((x, i) => permutations([...items.slice(0, i), ...items.slice(i + 1)]).map((rest) => [x, ...rest]));
}
function subsets<T>(items: readonly T[]): T[][] {
  return items.reduce<T[][]>((all, x) => [...all, ...all.map((s) => [...s, x])], [[]]);
}
const orderings = <T>(items: readonly T[]) => subsets(items).flatMap((s) => permutations(s));

// Official method ids to ours: its email OTP tab is 'email'.
const ours = (official: string) => (official === 'email' ? 'emailOtp' : official);

describe('login tabs: the official order in every product combination', () => {
  const products = orderings(['emailMagicLinks', 'otp', 'passwords'] as const).filter((p) => p.length > 0);
  const methodSets = orderings(['sms', 'whatsapp', 'email'] as const).filter((m) => m.length > 0);
  let compared = 0;
  it('matches the official getTabMethods for every order of products and OTP methods', () => {
    const mismatches: string[] = [];
    for (const p of products) {
      for (const methods of p.includes('otp') ? methodSets : [[]]) {
        // Crypto and OAuth sit outside the tabs; one of them in front must change nothing.
        for (const lead of [[], ['oauth']]) {
          const config = { products: [...lead, ...p], otpOptions: { methods } };
          const resolved = resolveConfig(config, messages);
          if (!resolved.ok) continue; // refused configs (magic links with email OTP) show no tabs in either
          const official = (
            getTabMethods(
              config.products.map((id) => ({ id })),
              methods,
            ) as string[]
          ).map(ours);
          const mine = loginMethods(resolved.value);
          compared++;
          if (JSON.stringify(mine) !== JSON.stringify(official)) mismatches.push(`${JSON.stringify(config)}: ours ${mine.join('|')}, official ${official.join('|')}`);
        }
      }
    }
    expect(mismatches).to.deep.equal([]);
    // Every product order (15) times every OTP method order (15 where OTP is in), with and without OAuth ahead.
    expect(compared).to.be.greaterThan(150);
  });

  it('keeps email first with passwords and text OTP (the reported case): Email | Text | WhatsApp', () => {
    const r = resolveConfig({ products: ['emailMagicLinks', 'otp', 'passwords'], otpOptions: { methods: ['sms', 'whatsapp'] } }, messages);
    expect(r.ok && loginMethods(r.value)).to.deep.equal(['passwords', 'sms', 'whatsapp']);
  });
});
