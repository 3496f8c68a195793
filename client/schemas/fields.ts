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
