import { EMAIL_PATTERN } from '../../../client/schemas/fields.ts';
import { ScimError } from '../../errors.ts';
import type { Resource } from './scim-patch.ts';
import { ENTERPRISE_USER, LIST_SCHEMA, MAX_RESULTS } from './scim-documents.ts';

/*
 * Reading a User or Group resource an identity provider sent (RFC 7643 §4) into what the
 * service keeps, and the paging of list answers (RFC 7644 §3.4.2.4). Each refusal is a 400
 * with the `scimType` that names what to fix.
 */

const NAME_MAX = 256;
const invalid = (detail: string) => new ScimError(400, 'invalidValue', detail);
const isObject = (x: unknown): x is Resource => typeof x === 'object' && x !== null && !Array.isArray(x);

/** Attributes the service writes itself, never kept from a request (`groups` of a user is the groups' to say). */
const READ_ONLY = new Set(['schemas', 'id', 'meta', 'groups']);

function get(res: Resource, name: string): unknown {
  const k = Object.keys(res).find((x) => x.toLowerCase() === name.toLowerCase());
  return k === undefined ? undefined : res[k];
}

/** A boolean as SCIM clients write it: Entra ID sends "True" and "False" as strings. */
export function booleanOf(x: unknown, what: string): boolean | undefined {
  if (x === undefined || x === null) return undefined;
  if (typeof x === 'boolean') return x;
  if (typeof x === 'string' && /^(true|false)$/i.test(x)) return x.toLowerCase() === 'true';
  throw invalid(`${what} must be a boolean.`);
}

function textOf(x: unknown, what: string, required: boolean): string | undefined {
  if (x === undefined || x === null) {
    if (required) throw invalid(`${what} is required.`);
    return undefined;
  }
  if (typeof x !== 'string' || (required && x.trim() === '')) throw invalid(`${what} must be a${required ? ' non-empty' : ''} string.`);
  if (x.length > NAME_MAX) throw invalid(`${what} must be at most ${NAME_MAX} characters.`);
  return x;
}

export interface UserInput {
  attributes: Resource;
  userName: string;
  externalId: string | null;
  active: boolean;
  email: string;
  name: string;
}

/** The address a user's member signs in with: the primary email, else the work one, else the first, else a userName that is one. */
function emailOf(emails: Resource[], userName: string): string {
  const values = (list: Resource[]) => list.map((e) => e.value).filter((x): x is string => typeof x === 'string' && EMAIL_PATTERN.test(x));
  const choice =
    values(emails.filter((e) => e.primary === true))[0] ??
    values(emails.filter((e) => typeof e.type === 'string' && e.type.toLowerCase() === 'work'))[0] ??
    values(emails)[0] ??
    (EMAIL_PATTERN.test(userName) ? userName : undefined);
  if (!choice) throw invalid('A user needs an email address: an emails value, or a userName that is one.');
  return choice;
}

/** A User resource as sent (create, replace, or the result of a PATCH), read and checked. */
export function readUser(res: unknown): UserInput {
  if (!isObject(res)) throw invalid('A User must be a JSON object.');
  const attributes: Resource = {};
  for (const [k, v] of Object.entries(res)) if (!READ_ONLY.has(k.toLowerCase())) attributes[k] = v;
  const userName = textOf(get(res, 'userName'), 'userName', true)!;
  const externalId = textOf(get(res, 'externalId'), 'externalId', false) ?? null;
  const active = booleanOf(get(res, 'active'), 'active') ?? true;
  const rawEmails = get(res, 'emails') ?? [];
  if (!Array.isArray(rawEmails) || !rawEmails.every(isObject)) throw invalid('emails must be an array of objects.');
  const emails = rawEmails.map((e) => ({ ...e, ...(get(e, 'primary') !== undefined ? { primary: booleanOf(get(e, 'primary'), 'emails.primary') } : {}) }));
  const nameAttr = get(res, 'name');
  if (nameAttr !== undefined && nameAttr !== null && !isObject(nameAttr)) throw invalid('name must be an object.');
  const nameParts = isObject(nameAttr) ? nameAttr : {};
  const formatted = get(nameParts, 'formatted');
  const joined = [get(nameParts, 'givenName'), get(nameParts, 'familyName')].filter((x) => typeof x === 'string' && x !== '').join(' ');
  const display = get(res, 'displayName');
  const name = (typeof formatted === 'string' && formatted !== '' ? formatted : joined || (typeof display === 'string' ? display : '')).slice(0, NAME_MAX);
  for (const k of Object.keys(attributes)) {
    if (k.toLowerCase() === 'active') attributes[k] = active;
    if (k.toLowerCase() === 'emails') attributes[k] = emails;
  }
  if (!Object.keys(attributes).some((k) => k.toLowerCase() === 'active')) attributes.active = active;
  return { attributes, userName, externalId, active, email: emailOf(emails, userName), name };
}

/** The schemas a user's answer lists: the core one, and the enterprise extension when it holds any of it. */
export function userSchemas(attributes: Resource, core: string): string[] {
  return Object.keys(attributes).some((k) => k.toLowerCase() === ENTERPRISE_USER.toLowerCase()) ? [core, ENTERPRISE_USER] : [core];
}

export interface GroupInput {
  displayName: string;
  externalId: string | null;
  members: string[];
}

/** A Group resource as sent, read and checked: its members are the ids (`value`) of users. */
export function readGroup(res: unknown): GroupInput {
  if (!isObject(res)) throw invalid('A Group must be a JSON object.');
  const displayName = textOf(get(res, 'displayName'), 'displayName', true)!;
  const externalId = textOf(get(res, 'externalId'), 'externalId', false) ?? null;
  const raw = get(res, 'members') ?? [];
  if (!Array.isArray(raw) || !raw.every((m) => isObject(m) && typeof get(m, 'value') === 'string')) throw invalid('members must be an array of { value: <user id> }.');
  return { displayName, externalId, members: [...new Set(raw.map((m) => get(m as Resource, 'value') as string))] };
}

export interface Page {
  startIndex: number;
  count: number;
}

function integerOf(x: string | undefined, what: string): number | undefined {
  if (x === undefined || x === '') return undefined;
  if (!/^-?\d{1,9}$/.test(x)) throw invalid(`${what} must be an integer.`);
  return Number(x);
}

/** `startIndex` (1-based; less than 1 is 1) and `count` (0 asks only for the total; at most MAX_RESULTS) of a list request. */
export function pageOf(q: { startIndex?: string | undefined; count?: string | undefined }): Page {
  const start = integerOf(q.startIndex, 'startIndex') ?? 1;
  const count = integerOf(q.count, 'count') ?? MAX_RESULTS;
  return { startIndex: Math.max(1, start), count: Math.min(Math.max(0, count), MAX_RESULTS) };
}

/** A ListResponse of one page of `all`. */
export function listResponse(all: Resource[], page: Page): Resource {
  const slice = all.slice(page.startIndex - 1, page.startIndex - 1 + page.count);
  return { schemas: [LIST_SCHEMA], totalResults: all.length, startIndex: page.startIndex, itemsPerPage: slice.length, Resources: slice };
}

/** `attributes` / `excludedAttributes` of a request (RFC 7644 §3.9), on top-level names; id, schemas and meta always stay. */
export function project(res: Resource, q: { attributes?: string | undefined; excludedAttributes?: string | undefined }): Resource {
  const names = (s: string | undefined) =>
    (s ?? '')
      .split(',')
      .map((x) => x.trim().toLowerCase().split('.')[0]!)
      .filter((x) => x !== '');
  const keep = names(q.attributes);
  const drop = names(q.excludedAttributes);
  const always = new Set(['id', 'schemas', 'meta']);
  return Object.fromEntries(Object.entries(res).filter(([k]) => always.has(k) || (keep.length > 0 ? keep.includes(k.toLowerCase()) : !drop.includes(k.toLowerCase()))));
}
