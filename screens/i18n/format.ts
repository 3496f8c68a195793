import { createElement, Fragment, type ReactNode } from 'react';

/** What a message's parameters take: text, numbers (formatted for the locale) or, in rich text, elements. */
export type Values = { readonly [name: string]: string | number | ReactNode };

const PARAM = /\{(\w+)\}/g;
const TAG = /<(\w+)>([\s\S]*?)<\/\1>/g;

function fill(text: string, values: Values | undefined, num: (n: number) => string, out: ReactNode[]): void {
  let last = 0;
  for (const m of text.matchAll(PARAM)) {
    if (m.index > last) out.push(text.slice(last, m.index));
    const v = values?.[m[1]!];
    out.push(typeof v === 'number' ? num(v) : v === undefined ? m[0] : v);
    last = m.index + m[0].length;
  }
  if (last < text.length) out.push(text.slice(last));
}

/**
 * Formats a simple message. `tag` renders a tag's content (rich text); without it the
 * content stays as text. Numbers go through the locale's number format.
 */
export function formatSimple(message: string, values: Values | undefined, num: (n: number) => string, tag?: (name: string, children: ReactNode[]) => ReactNode): ReactNode[] {
  const out: ReactNode[] = [];
  let last = 0;
  for (const m of message.matchAll(TAG)) {
    if (m.index > last) fill(message.slice(last, m.index), values, num, out);
    const inner: ReactNode[] = [];
    fill(m[2]!, values, num, inner);
    if (tag) out.push(tag(m[1]!, inner));
    else out.push(...inner);
    last = m.index + m[0].length;
  }
  if (last < message.length) fill(message.slice(last), values, num, out);
  return out;
}

/** Parts as one string (plain text: accessible names, toasts, errors). */
export function joinParts(parts: readonly ReactNode[]): string {
  return parts.map((p) => (typeof p === 'string' || typeof p === 'number' ? String(p) : '')).join('');
}

/** Parts as one node, each element keyed by its place. */
export function toNode(parts: readonly ReactNode[]): ReactNode {
  if (parts.every((p) => typeof p === 'string')) return parts.join('');
  // Children passed one by one, as JSX would: a fixed list, so no keys.
  return createElement(Fragment, null, ...parts);
}
