import { parse, Tester, type Compare, type Filter } from 'scim2-parse-filter';
import { ScimError } from '../../errors.ts';

/*
 * SCIM filters (RFC 7644 §3.4.2.2), parsed by scim2-parse-filter and tested against each
 * resource as it is answered. Strings compare without regard to case, as the attributes
 * identity providers filter on (userName, displayName, emails) are caseExact false.
 */

const FILTER_MAX_LENGTH = 2048;

/** The parsed filter, or a 400 `invalidFilter`. */
export function parseFilter(text: string | undefined): Filter | null {
  if (text === undefined || text.trim() === '') return null;
  if (text.length > FILTER_MAX_LENGTH) throw new ScimError(400, 'invalidFilter', `The filter is longer than ${FILTER_MAX_LENGTH} characters.`);
  try {
    return parse(text);
  } catch (e) {
    throw new ScimError(400, 'invalidFilter', `The filter could not be read: ${e instanceof Error ? e.message.slice(0, 200) : 'syntax error'}.`);
  }
}

type Value = Compare['compValue'];
const fold = <T>(x: T): T => (typeof x === 'string' ? (x.toLowerCase() as T) : x);

class CaseInsensitiveTester extends Tester {
  override eq(r: unknown, v: Value): boolean {
    return super.eq(fold(r), fold(v));
  }
  override ne(r: unknown, v: Value): boolean {
    return super.ne(fold(r), fold(v));
  }
  override co(r: unknown, v: Value): boolean {
    return super.co(fold(r), fold(v));
  }
  override sw(r: unknown, v: Value): boolean {
    return super.sw(fold(r), fold(v));
  }
  override ew(r: unknown, v: Value): boolean {
    return super.ew(fold(r), fold(v));
  }
}

const tester = new CaseInsensitiveTester();

/** Whether `resource` (its SCIM representation) matches the filter. */
export function matches(resource: Record<string, unknown>, filter: Filter): boolean {
  return tester.test(resource, filter);
}

/**
 * The value of a filter of the form `<attribute> eq "<value>"` on one of `attributes`, which
 * the service looks up by index instead of reading every resource (the lookups identity
 * providers make before every create: `userName eq`, `externalId eq`, `displayName eq`).
 */
export function equalityOn(filter: Filter | null, attributes: string[]): { attribute: string; value: string } | null {
  if (!filter || filter.op !== 'eq' || !('compValue' in filter) || typeof filter.compValue !== 'string') return null;
  const attribute = attributes.find((a) => a.toLowerCase() === filter.attrPath.toLowerCase().replace(/^urn:ietf:params:scim:schemas:core:2\.0:(user|group):/, ''));
  return attribute ? { attribute, value: filter.compValue } : null;
}
