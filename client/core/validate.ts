import { safeParse, type GenericSchema, type InferOutput } from 'valibot';
import { StytchSDKUsageError } from '../errors.ts';

/** Checks a call's arguments with its shared schema; throws `Invalid call to {method}` listing `{field} {rule}`. */
export function check<S extends GenericSchema>(method: string, schema: S, input: unknown): InferOutput<S> {
  const r = safeParse(schema, input);
  if (r.success) return r.output;
  const lines = r.issues.map((i) => {
    const path = i.path?.map((p) => String(p.key)).join('.') || 'arguments';
    const rule = i.message.startsWith('must') ? i.message : i.expected === 'Object' || i.expected === 'object' ? 'must be an object' : i.message;
    return `${path} ${rule}`;
  });
  throw new StytchSDKUsageError(method, lines.join('\n'));
}
