/**
 * The official B2B entry's config names, for a page that moves its config over and drops the
 * official import: product objects carrying the `id` the config reads (names work too), and
 * the MFA products.
 */
import { B2B_PRODUCTS, MFA_PRODUCTS, type B2BProduct, type MfaProduct } from '../../screens/b2b/config.ts';

export const B2BProducts = Object.freeze(Object.fromEntries(B2B_PRODUCTS.map((id) => [id, Object.freeze({ id })]))) as { readonly [P in B2BProduct]: Readonly<{ id: P }> };

export const B2BMFAProducts = Object.freeze(Object.fromEntries(MFA_PRODUCTS.map((p) => [p, p]))) as { readonly [P in MfaProduct]: P };
