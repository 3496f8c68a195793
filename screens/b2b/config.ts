import * as v from 'valibot';
import { B2B_OAUTH_PROVIDERS } from '../../client/schemas/b2b-oauth-providers.ts';

/*
 * The B2B element's configuration (issue 20): the products it shows, the flow it runs
 * (Discovery: the user's organizations; Organization: one organization by slug) and the
 * options of each. Parsed here, once; the screens read only the resolved value.
 */

export const B2B_PRODUCTS = ['emailMagicLinks', 'emailOtp', 'sso', 'passwords', 'oauth'] as const;
export type B2BProduct = (typeof B2B_PRODUCTS)[number];
/** `PasswordReset`: the page a reset link lands on (the official value); the reset form first, then the Discovery flow's screens. */
export const AUTH_FLOW_TYPES = ['Discovery', 'Organization', 'PasswordReset'] as const;
export type AuthFlowType = (typeof AUTH_FLOW_TYPES)[number];
/**
 * The products each flow's Main screen shows. A config whose products are all outside its flow's
 * list would be an empty card, so it is refused; every flow is listed. PasswordReset opens on the
 * reset form, then goes on with Discovery's screens; an organization that asks for another
 * primary factor is offered Organization's (outcome.ts).
 */
export const SHOWN_PRODUCTS: Record<AuthFlowType, readonly B2BProduct[]> = {
  Discovery: ['emailMagicLinks', 'emailOtp', 'passwords', 'sso', 'oauth'],
  Organization: ['passwords', 'emailMagicLinks', 'emailOtp', 'sso', 'oauth'],
  PasswordReset: ['emailMagicLinks', 'emailOtp', 'passwords', 'sso', 'oauth'],
};
/** The official config's MFA products (`B2BMFAProducts`); `sms_otp`, the wire's name, is read as `smsOtp`. */
export const MFA_PRODUCTS = ['smsOtp', 'totp'] as const;
export type MfaProduct = (typeof MFA_PRODUCTS)[number];
/** The session a sign-in starts when the config names none (minutes). */
export const DEFAULT_B2B_SESSION_MINUTES = 30;

const opt = v.optional;
const url = v.pipe(v.string(), v.url('must be an absolute URL'));
const scopes = () => v.array(v.string('must be a string'));
const params = () => v.record(v.string(), v.string('must be a string'));

/**
 * An OAuth provider of `oauthOptions.providers` (the official `B2BOAuthProviderConfig`): its
 * name, or an object with its `type`, its own `customScopes`/`providerParams`, and for Google
 * `one_tap`/`cancel_on_tap_outside`. Read as the object either way.
 */
const oauthProvider = () =>
  v.pipe(
    v.unknown(),
    v.transform((p) => (typeof p === 'string' ? { type: p } : p)),
    v.looseObject({
      type: v.picklist(B2B_OAUTH_PROVIDERS, `must be one of ${B2B_OAUTH_PROVIDERS.join(', ')}`),
      customScopes: opt(scopes()),
      providerParams: opt(params()),
      one_tap: opt(v.boolean('must be true or false')),
      cancel_on_tap_outside: opt(v.boolean('must be true or false')),
    }),
  );
export type B2BOAuthProviderConfig = v.InferOutput<ReturnType<typeof oauthProvider>>;
/** A link's or code's lifetime in minutes (the provider checks the range of each). */
const minutes = () => v.pipe(v.number('must be a number'), v.integer('must be a whole number'), v.minValue(1));

/**
 * A product: its name, or the official `B2BProducts.emailOtp`… value, an object whose `id` is
 * the name (a page moving from the official UI keeps its config).
 */
const product = () =>
  v.pipe(
    v.unknown(),
    v.transform((p) => (typeof p === 'object' && p !== null && 'id' in p ? p.id : p)),
    v.picklist(B2B_PRODUCTS, `must be one of ${B2B_PRODUCTS.join(', ')} (or B2BProducts.<name>)`),
  );

const mfaProduct = () =>
  v.pipe(
    v.picklist([...MFA_PRODUCTS, 'sms_otp'], `must be one of ${MFA_PRODUCTS.join(', ')}`),
    v.transform((p): MfaProduct => (p === 'sms_otp' ? 'smsOtp' : p)),
  );

export const B2BConfigSchema = v.looseObject({
  products: v.pipe(v.array(product()), v.minLength(1, 'must name at least one product')),
  authFlowType: v.picklist(AUTH_FLOW_TYPES, 'must be Discovery, Organization or PasswordReset'),
  sessionOptions: opt(
    v.looseObject({ sessionDurationMinutes: opt(v.pipe(v.number('must be a number'), v.integer('must be a whole number'), v.minValue(5), v.maxValue(527040)), DEFAULT_B2B_SESSION_MINUTES) }),
    {},
  ),
  emailMagicLinksOptions: opt(
    v.looseObject({
      discoveryRedirectURL: opt(url),
      loginRedirectURL: opt(url),
      signupRedirectURL: opt(url),
      loginTemplateId: opt(v.string()),
      signupTemplateId: opt(v.string()),
      loginExpirationMinutes: opt(minutes()),
      signupExpirationMinutes: opt(minutes()),
      discoveryExpirationMinutes: opt(minutes()),
      locale: opt(v.string()),
    }),
    {},
  ),
  emailOtpOptions: opt(v.looseObject({ loginTemplateId: opt(v.string()), signupTemplateId: opt(v.string()), locale: opt(v.string()) }), {}),
  /**
   * The MFA texts' language (the official option, its only field: `B2BSMSOTPOptions`): every
   * texted code (sent by the MFA screens, or by a sign-in that owes one); else the widget's.
   */
  smsOtpOptions: opt(v.looseObject({ locale: opt(v.string('must be a string')) }), {}),
  passwordOptions: opt(
    v.looseObject({
      loginRedirectURL: opt(url),
      discoveryRedirectURL: opt(url),
      resetPasswordRedirectURL: opt(url),
      resetPasswordExpirationMinutes: opt(v.pipe(v.number('must be a number'), v.integer('must be a whole number'), v.minValue(5), v.maxValue(10080))),
      resetPasswordTemplateId: opt(v.string()),
      verifyEmailTemplateId: opt(v.string()),
      locale: opt(v.string()),
    }),
    {},
  ),
  /** SSO starts: where the IdP's answer comes back, and what goes to an OIDC IdP (`providerParams`). */
  ssoOptions: opt(v.looseObject({ loginRedirectURL: opt(url), signupRedirectURL: opt(url), providerParams: opt(params()) }), {}),
  /**
   * OAuth: the providers in their button order; the redirect URLs of the organization and
   * discovery starts; the deprecated `customScopes`/`providerParams` every provider without its
   * own takes; `locale`, the language of a code the sign-in texts.
   */
  oauthOptions: opt(
    v.looseObject({
      providers: opt(v.array(oauthProvider()), []),
      loginRedirectURL: opt(url),
      signupRedirectURL: opt(url),
      discoveryRedirectURL: opt(url),
      customScopes: opt(scopes()),
      providerParams: opt(params()),
      locale: opt(v.string()),
    }),
    { providers: [] },
  ),
  organizationSlug: opt(v.string()),
  directLoginForSingleMembership: opt(v.looseObject({ status: v.boolean('must be true or false'), ignoreInvites: opt(v.boolean(), false), ignoreJitProvisioning: opt(v.boolean(), false) })),
  disableCreateOrganization: opt(v.boolean('must be true or false'), false),
  /** Discovery that finds no organization creates one at once instead of offering to (unless creating is disabled). */
  directCreateOrganizationForNoMembership: opt(v.boolean('must be true or false'), false),
  mfaProductOrder: opt(v.array(mfaProduct())),
  mfaProductInclude: opt(v.array(mfaProduct())),
  enableShadowDOM: opt(v.boolean()),
  /** A 429 with Retry-After becomes a countdown on the control it blocked (off: the provider's error, as before). */
  rateLimitCountdown: opt(v.boolean('must be true or false'), true),
  locale: opt(v.string()),
});

export type B2BConfig = v.InferOutput<typeof B2BConfigSchema>;

export type B2BConfigResult = { ok: true; value: B2BConfig } | { ok: false; message: string };

const cache = new WeakMap<object, B2BConfigResult>();

/** The config, checked; a refusal names the option and the rule (`config.products[0]: must be one of …`). */
export function resolveB2BConfig(input: unknown): B2BConfigResult {
  if (typeof input === 'object' && input !== null) {
    const hit = cache.get(input);
    if (hit) return hit;
  }
  const result = resolveNow(input);
  if (typeof input === 'object' && input !== null) cache.set(input, result);
  return result;
}

function resolveNow(input: unknown): B2BConfigResult {
  if (input === undefined || input === null) return { ok: false, message: 'Invalid B2B config: config is required (products and authFlowType)' };
  const parsed = v.safeParse(B2BConfigSchema, input);
  if (!parsed.success) {
    const issue = parsed.issues[0];
    const path = v.getDotPath(issue);
    return { ok: false, message: `Invalid B2B config: ${path ? `config.${path}` : 'config'}: ${issue.message}` };
  }
  const c = parsed.output;
  const products = [...new Set(c.products)];
  // OAuth without a provider shows no button.
  const shown = SHOWN_PRODUCTS[c.authFlowType].filter((p) => p !== 'oauth' || c.oauthOptions.providers.length > 0);
  if (!products.some((p) => shown.includes(p))) {
    if (products.includes('oauth')) return { ok: false, message: 'Invalid B2B config: config.oauthOptions.providers: must name at least one provider for the oauth product' };
    return { ok: false, message: `Invalid B2B config: config.products: ${products.join(', ')} show nothing in the ${c.authFlowType} flow; add one of ${shown.join(', ')}` };
  }
  return { ok: true, value: { ...c, products } };
}
