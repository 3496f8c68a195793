import { safeParse, type GenericSchema, type InferOutput } from 'valibot';
import { StytchSDKUsageError } from '../errors.ts';

type Node = { type?: string; message?: unknown; pipe?: Node[]; wrapped?: Node; entries?: Record<string, Node> };

/** The rule text a field schema states ('must be a string'), looked up through pipes and optionals. */
function ruleOf(schema: Node | undefined): string | undefined {
  if (!schema) return undefined;
  if (typeof schema.message === 'string') return schema.message;
  if (schema.pipe) return ruleOf(schema.pipe[0]);
  return ruleOf(schema.wrapped);
}

/** Checks a call's arguments with its shared schema; throws `Invalid call to {method}` listing `{field} {rule}`. */
export function check<S extends GenericSchema>(method: string, schema: S, input: unknown): InferOutput<S> {
  const r = safeParse(schema, input);
  if (r.success) return r.output;
  const lines = r.issues.map((i) => {
    const keys = i.path?.map((p) => String(p.key)) ?? [];
    let rule = i.message;
    if (i.kind === 'schema' && i.type === 'object' && i.input === undefined && keys.length) {
      // A missing key: valibot reports it on the object, so state the field's own rule.
      let node: Node | undefined = schema as Node;
      for (const k of keys) node = (node?.wrapped ?? node)?.entries?.[k];
      rule = ruleOf(node) ?? 'is required';
    }
    if (!keys.length && i.type === 'object') rule = 'must be an object';
    return `${keys.join('.') || 'arguments'} ${rule}`;
  });
  throw new StytchSDKUsageError(method, lines.join('\n'));
}
