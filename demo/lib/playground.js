// The playground's checks: JSON syntax and the shape of the widget's configuration (docs/CONFIGURATION.md), reported as
// a list of plain sentences before anything is mounted.
// The provider types are the client's own list (client/schemas/oauth-providers.ts): the widget skips any other type without a word.
import { OAuthProviders as OAUTH_PROVIDERS } from '/dist/client.js';

const PRODUCTS = ['oauth', 'crypto', 'emailMagicLinks', 'otp', 'passwords', 'passkeys'];
const OTP_METHODS = ['sms', 'whatsapp', 'email'];
const OPTIONS = {
  products: 'array',
  oauthOptions: 'object',
  otpOptions: 'object',
  emailMagicLinksOptions: 'object',
  passwordOptions: 'object',
  sessionOptions: 'object',
  enableShadowDOM: 'boolean',
  locale: 'string',
};
const MINUTES = [
  ['otpOptions', 'expirationMinutes'],
  ['emailMagicLinksOptions', 'loginExpirationMinutes'],
  ['emailMagicLinksOptions', 'signupExpirationMinutes'],
  ['passwordOptions', 'loginExpirationMinutes'],
  ['passwordOptions', 'resetPasswordExpirationMinutes'],
  ['sessionOptions', 'sessionDurationMinutes'],
];

const kind = (value) => (Array.isArray(value) ? 'array' : value === null ? 'null' : typeof value);

/** Parses the editor's text: `{ config }` when usable, else `{ errors }` to show. */
export function checkConfig(text) {
  let config;
  try {
    config = JSON.parse(text);
  } catch (e) {
    return { errors: [`Not valid JSON: ${e.message}`] };
  }
  if (kind(config) !== 'object') return { errors: [`The configuration must be a JSON object, not ${kind(config)}.`] };
  const errors = [];
  for (const [key, value] of Object.entries(config)) {
    if (!(key in OPTIONS)) errors.push(`Unknown option "${key}"; the options are ${Object.keys(OPTIONS).join(', ')}.`);
    else if (kind(value) !== OPTIONS[key]) errors.push(`"${key}" must be ${OPTIONS[key] === 'array' ? 'an' : 'a'} ${OPTIONS[key]}, not ${kind(value)}.`);
  }
  for (const p of Array.isArray(config.products) ? config.products : []) {
    if (!PRODUCTS.includes(p)) errors.push(`Unknown product ${JSON.stringify(p)}; the products are ${PRODUCTS.join(', ')}.`);
  }
  const methods = config.otpOptions?.methods;
  if (methods !== undefined && !Array.isArray(methods)) errors.push('"otpOptions.methods" must be an array.');
  for (const m of Array.isArray(methods) ? methods : []) {
    if (!OTP_METHODS.includes(m)) errors.push(`Unknown OTP method ${JSON.stringify(m)}; the methods are ${OTP_METHODS.join(', ')}.`);
  }
  const providers = config.oauthOptions?.providers;
  if (providers !== undefined && !(Array.isArray(providers) && providers.every((p) => typeof p?.type === 'string'))) {
    errors.push('"oauthOptions.providers" must be a list of objects with a "type", e.g. [{"type": "google"}].');
  }
  for (const p of Array.isArray(providers) ? providers : []) {
    if (typeof p?.type === 'string' && !OAUTH_PROVIDERS.includes(p.type)) errors.push(`Unknown OAuth provider ${JSON.stringify(p.type)}; the providers are ${OAUTH_PROVIDERS.join(', ')}.`);
  }
  // A product with nothing to show: the widget would render it as an empty block, silently.
  const products = Array.isArray(config.products) ? config.products : [];
  if (products.includes('otp') && !(Array.isArray(methods) && methods.length > 0)) {
    errors.push('The "otp" product needs "otpOptions.methods", e.g. ["email"]; without it no passcode form is shown.');
  }
  if (products.includes('oauth') && !(Array.isArray(providers) && providers.length > 0)) {
    errors.push('The "oauth" product needs "oauthOptions.providers", e.g. [{"type": "google"}]; without it no sign-in button is shown.');
  }
  for (const [group, field] of MINUTES) {
    const value = config[group]?.[field];
    if (value !== undefined && !(Number.isInteger(value) && value > 0)) errors.push(`"${group}.${field}" must be a whole number of minutes above 0.`);
  }
  return errors.length ? { errors } : { config };
}

/**
 * Parses the strings editor's text: `{ strings }` (undefined when empty) or `{ errors }`. Only
 * the shape is checked here; an unknown id or a message that is not ICU MessageFormat is the
 * widget's to report (through onError), as it would be on any site.
 */
export function checkStrings(text) {
  if (!text.trim()) return { strings: undefined };
  let strings;
  try {
    strings = JSON.parse(text);
  } catch (e) {
    return { errors: [`Strings: not valid JSON: ${e.message}`] };
  }
  if (kind(strings) !== 'object') return { errors: [`Strings must be a JSON object of message ids to texts, not ${kind(strings)}.`] };
  const errors = Object.entries(strings)
    .filter(([, v]) => typeof v !== 'string')
    .map(([id, v]) => `Strings: "${id}" must be a text, not ${kind(v)}.`);
  return errors.length ? { errors } : { strings };
}
