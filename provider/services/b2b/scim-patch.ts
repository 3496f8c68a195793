import type { Filter } from 'scim2-parse-filter';
import { ScimError } from '../../errors.ts';
import { matches, parseFilter } from './scim-filter.ts';

/*
 * SCIM PATCH (RFC 7644 §3.5.2) over a resource's attributes, as a pure function: the shapes
 * Okta and Entra ID send, namely `replace` with a path (`active`, `name.givenName`,
 * `emails[type eq "work"].value`, an extension's `urn:…:User:department`) and without one (an
 * object of attributes, whose keys may themselves be paths, as Entra ID writes them), `add` to
 * a multi-valued attribute (`members`), and `remove` by a filtered path
 * (`members[value eq "…"]`) or by a path with the values to take out (Entra ID's members).
 * Operation names are read without regard to case (Entra ID writes `Replace`).
 */

export type Resource = Record<string, unknown>;

export interface PatchOperation {
  op: string;
  path?: string | undefined;
  value?: unknown;
}

interface Path {
  /** An extension's schema URN, whose attributes sit in an object under that key. */
  urn: string | null;
  attr: string;
  filter: Filter | null;
  sub: string | null;
}

const CORE = /^urn:ietf:params:scim:schemas:core:2\.0:(user|group)$/i;
const NAME = /^[A-Za-z][\w$-]*$/;
/** The schemas whose URN may stand as a key of a path-less operation's value. */
export const ENTERPRISE_USER = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User';
const SCHEMA_URNS = ['urn:ietf:params:scim:schemas:core:2.0:User', 'urn:ietf:params:scim:schemas:core:2.0:Group', ENTERPRISE_USER];
const MAX_OPERATIONS = 1000;

const invalidPath = (path: string) => new ScimError(400, 'invalidPath', `The path ${JSON.stringify(path.slice(0, 200))} is not an attribute path this service reads.`);

/** Splits `urn:…:attr[filter].sub` into its parts, or a 400 `invalidPath`. */
export function parsePath(path: string): Path {
  const open = path.indexOf('[');
  const head = open < 0 ? path : path.slice(0, open);
  let urn: string | null = null;
  let rest = head;
  if (/^urn:/i.test(head)) {
    const colon = head.lastIndexOf(':');
    urn = head.slice(0, colon);
    rest = head.slice(colon + 1);
    if (CORE.test(urn)) urn = null;
  }
  let attr = rest;
  let sub: string | null = null;
  let filter: Filter | null = null;
  if (open >= 0) {
    const close = path.lastIndexOf(']');
    if (close < open || rest.includes('.')) throw invalidPath(path);
    const after = path.slice(close + 1);
    if (after !== '' && !after.startsWith('.')) throw invalidPath(path);
    sub = after === '' ? null : after.slice(1);
    filter = parseFilter(path.slice(open + 1, close));
    if (!filter) throw invalidPath(path);
  } else {
    const dot = rest.indexOf('.');
    if (dot >= 0) {
      attr = rest.slice(0, dot);
      sub = rest.slice(dot + 1);
    }
  }
  if (!NAME.test(attr) || (sub !== null && !NAME.test(sub))) throw invalidPath(path);
  return { urn, attr, filter, sub };
}

/** The key of `obj` named `name` without regard to case (attribute names are case-insensitive), or `name`. */
function keyOf(obj: Resource, name: string): string {
  const lower = name.toLowerCase();
  return Object.keys(obj).find((k) => k.toLowerCase() === lower) ?? name;
}

const isObject = (x: unknown): x is Resource => typeof x === 'object' && x !== null && !Array.isArray(x);

/** The object an attribute of `path` sits in: the resource, or its extension's object. */
function containerOf(res: Resource, path: Path, create: boolean): Resource | null {
  if (path.urn === null) return res;
  const k = keyOf(res, path.urn);
  if (!isObject(res[k])) {
    if (!create) return null;
    res[k] = {};
  }
  return res[k] as Resource;
}

/** Whether two values of a multi-valued attribute are the same one (by `value` when both have one). */
function sameItem(a: unknown, b: unknown): boolean {
  if (isObject(a) && isObject(b) && 'value' in a && 'value' in b) return String(a.value) === String(b.value);
  return JSON.stringify(a) === JSON.stringify(b);
}

function appendAll(existing: unknown, value: unknown): unknown[] {
  const list = Array.isArray(existing) ? [...existing] : existing === undefined || existing === null ? [] : [existing];
  for (const item of Array.isArray(value) ? value : [value]) if (!list.some((x) => sameItem(x, item))) list.push(item);
  return list;
}

/** What the equality of a filter says an element it targets holds (`type eq "work"` → `{ type: 'work' }`), for an add that finds none. */
function seedOf(filter: Filter): Resource {
  if (filter.op === 'eq' && 'attrPath' in filter && !filter.attrPath.includes('.')) return { [filter.attrPath]: filter.compValue };
  if (filter.op === 'and' && 'filters' in filter) return Object.assign({}, ...filter.filters.map(seedOf)) as Resource;
  return {};
}

function applyAt(res: Resource, op: 'add' | 'replace' | 'remove', path: Path, value: unknown, raw: string): void {
  const container = containerOf(res, path, op !== 'remove');
  if (!container) return;
  const key = keyOf(container, path.attr);
  if (path.filter) {
    const filter = path.filter;
    const list = Array.isArray(container[key]) ? (container[key] as unknown[]) : [];
    const hit = (x: unknown) => isObject(x) && matches(x, filter);
    if (op === 'remove') {
      container[key] = path.sub === null ? list.filter((x) => !hit(x)) : list.map((x) => (hit(x) ? omit(x as Resource, path.sub!) : x));
      return;
    }
    if (!list.some(hit)) {
      // Entra ID adds a work address by replacing `emails[type eq "work"].value`: an element is made.
      const seed = seedOf(filter);
      list.push(path.sub === null ? { ...seed, ...(isObject(value) ? value : {}) } : { ...seed, [path.sub]: value });
      container[key] = list;
      return;
    }
    container[key] = list.map((x) => {
      if (!hit(x)) return x;
      if (path.sub !== null) return { ...(x as Resource), [keyOf(x as Resource, path.sub)]: value };
      if (!isObject(value)) throw new ScimError(400, 'invalidValue', `The value for ${JSON.stringify(raw.slice(0, 200))} must be an object.`);
      return op === 'add' ? { ...(x as Resource), ...value } : value;
    });
    return;
  }
  if (path.sub !== null) {
    if (op === 'remove') {
      if (isObject(container[key])) container[key] = omit(container[key] as Resource, path.sub);
      return;
    }
    const parent = isObject(container[key]) ? (container[key] as Resource) : {};
    container[key] = { ...parent, [keyOf(parent, path.sub)]: value };
    return;
  }
  if (op === 'remove') {
    // Entra ID takes members out of a group by naming the attribute and the values to remove.
    if (value !== undefined && Array.isArray(container[key])) {
      const out = Array.isArray(value) ? value : [value];
      container[key] = (container[key] as unknown[]).filter((x) => !out.some((o) => sameItem(x, o)));
    } else delete container[key];
    return;
  }
  const existing = container[key];
  // A complex attribute's sub-attributes not named stay (RFC 7644 §3.5.2.1 and §3.5.2.3).
  if (isObject(existing) && isObject(value)) container[key] = { ...existing, ...value };
  else container[key] = op === 'add' && (Array.isArray(existing) || Array.isArray(value)) ? appendAll(existing, value) : value;
}

function omit(obj: Resource, name: string): Resource {
  const k = keyOf(obj, name);
  const { [k]: _, ...rest } = obj;
  return rest;
}

/** The operation's name, or a 400 `invalidSyntax`. */
function opOf(o: PatchOperation): 'add' | 'replace' | 'remove' {
  const op = typeof o.op === 'string' ? o.op.toLowerCase() : '';
  if (op === 'add' || op === 'replace' || op === 'remove') return op;
  throw new ScimError(400, 'invalidSyntax', 'Each operation\u2019s op must be add, replace or remove.');
}

/** The resource with the operations applied, in order (the input is not changed). */
export function applyPatch(resource: Resource, operations: PatchOperation[]): Resource {
  if (operations.length > MAX_OPERATIONS) throw new ScimError(400, 'tooMany', `At most ${MAX_OPERATIONS} operations per request.`);
  const res = structuredClone(resource);
  for (const o of operations) {
    const op = opOf(o);
    if (o.path === undefined || o.path === '') {
      if (op === 'remove') throw new ScimError(400, 'noTarget', 'A remove operation needs a path.');
      if (!isObject(o.value)) throw new ScimError(400, 'invalidValue', 'An operation without a path needs an object of attributes as its value.');
      for (const [k, val] of Object.entries(o.value)) {
        // A schema's URN as a key holds that schema's attributes (Okta writes the enterprise extension so).
        if (/^urn:/i.test(k) && isObject(val) && SCHEMA_URNS.some((u) => u.toLowerCase() === k.toLowerCase())) {
          const prefix = CORE.test(k) ? '' : `${k}:`;
          for (const [k2, v2] of Object.entries(val)) applyAt(res, op, parsePath(`${prefix}${k2}`), v2, k2);
        } else applyAt(res, op, parsePath(k), val, k);
      }
      continue;
    }
    if (op !== 'remove' && o.value === undefined) throw new ScimError(400, 'invalidValue', `The ${op} of ${JSON.stringify(o.path.slice(0, 200))} needs a value.`);
    applyAt(res, op, parsePath(o.path), o.value, o.path);
  }
  return res;
}
