import * as v from 'valibot';

/*
 * Field constructors whose messages read as the client's usage errors do
 * ('{field} must be a string'), so one schema serves the form, the client's argument checks
 * and the provider's request validation.
 */
export const str = () => v.string('must be a string');
export const num = () => v.number('must be a number');
export const bool = () => v.boolean('must be a boolean');
export const strArray = () => v.array(v.string('must be an array of strings'), 'must be an array of strings');
export const record = () => v.record(v.string(), v.unknown(), 'must be an object');
export const nonEmpty = () => v.pipe(str(), v.nonEmpty('must not be empty'));

/** The address pattern the widget's email forms accept. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const email = () => v.pipe(str(), v.regex(EMAIL_PATTERN, 'must be a valid email address'));
export const sessionDuration = () => v.pipe(num(), v.integer('must be an integer'), v.minValue(5, 'must be at least 5'));

/** SPEC §9: an OTP lives 5 minutes unless the caller asks otherwise. */
export const DEFAULT_OTP_EXPIRATION_MINUTES = 5;
/** The provider's rule for an OTP's lifetime; the widget's config, the client and the provider all state it so. */
export const OTP_EXPIRATION_RULE = 'must be an integer from 1 to 10';
// One predicate with its words: small enough for the widget's first load, which parses the config.
export const otpExpiration = () => v.custom<number>((n) => Number.isInteger(n) && (n as number) >= 1 && (n as number) <= 10, OTP_EXPIRATION_RULE);
