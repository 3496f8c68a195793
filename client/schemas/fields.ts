import * as v from 'valibot';

/*
 * Field constructors whose messages read as the client's usage errors do
 * ('{field} must be a string'), so one schema serves the form, the client's argument checks
 * and the provider's request validation.
 */
/**
 * The most UTF-8 bytes a text field takes unless its schema gives another bound: every string
 * of a request is bounded, and this one stays short of PostgreSQL's index row limit (2,704
 * bytes), which a longer value written to an indexed column overflowed with a 500 (issue 51:
 * an email of 2.7 KB on 14 routes). Fields that carry more (a WebAuthn credential, a JWT, a
 * certificate) say so with `str(n)`.
 */
export const TEXT_MAX_BYTES = 2048;
/** The bound of the fields that carry more: a WebAuthn credential, a JWT or ID token, a certificate, a captcha token. None is written to an index. */
export const LONG_TEXT_MAX_BYTES = 64 * 1024;
export const str = (maxBytes = TEXT_MAX_BYTES) => v.pipe(v.string('must be a string'), v.maxBytes(maxBytes, `must be at most ${maxBytes} bytes`));
export const num = () => v.number('must be a number');
export const bool = () => v.boolean('must be a boolean');
/**
 * Unbounded text and lists of it, for what a page configures the widget with (a logo as a data
 * URL, long texts), which is not a request: request schemas use the bounded `str()`.
 */
export const text = () => v.string('must be a string');
export const textArray = () => v.array(v.string('must be an array of strings'), 'must be an array of strings');
export const strArray = () =>
  v.array(v.pipe(v.string('must be an array of strings'), v.maxBytes(TEXT_MAX_BYTES, `must hold strings of at most ${TEXT_MAX_BYTES} bytes`)), 'must be an array of strings');
export const record = () => v.record(str(), v.unknown(), 'must be an object');
export const nonEmpty = (maxBytes = TEXT_MAX_BYTES) => v.pipe(str(maxBytes), v.nonEmpty('must not be empty'));

/** The address pattern the widget's email forms accept. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** RFC 5321 bounds a path to 256 octets with its brackets: an address is at most 254 characters. */
export const EMAIL_MAX_LENGTH = 254;
export const email = () => v.pipe(str(), v.maxLength(EMAIL_MAX_LENGTH, `must be at most ${EMAIL_MAX_LENGTH} characters`), v.regex(EMAIL_PATTERN, 'must be a valid email address'));
export const sessionDuration = () => v.pipe(num(), v.integer('must be an integer'), v.minValue(5, 'must be at least 5'));

/** SPEC §9: an OTP lives 5 minutes unless the caller asks otherwise. */
export const DEFAULT_OTP_EXPIRATION_MINUTES = 5;
/** The provider's rule for an OTP's lifetime; the widget's config, the client and the provider all state it so. */
export const OTP_EXPIRATION_RULE = 'must be an integer from 1 to 10';
// One predicate with its words: small enough for the widget's first load, which parses the config.
export const otpExpiration = () => v.custom<number>((n) => Number.isInteger(n) && (n as number) >= 1 && (n as number) <= 10, OTP_EXPIRATION_RULE);
