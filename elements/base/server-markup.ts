/*
 * What server-rendered widget markup carries so the element can adopt it (stytch-ui/server
 * writes it, the element reads it). No DOM and no Node here: both sides import this file.
 */

/** On the React root's host: the fingerprint of what the server rendered. */
export const SSR_ATTRIBUTE = 'data-stytch-ssr';

/**
 * On the server's Emotion style tag: the ids of the rules it holds. Not Emotion's own
 * `data-emotion`, whose document-wide lookup would move one widget's tags into another's cache.
 */
export const EMOTION_IDS_ATTRIBUTE = 'data-stytch-emotion';

/** The Emotion cache key of every widget: class names the server wrote are the browser's. */
export const EMOTION_KEY = 'stytch';

/** JSON with object keys sorted, so `{a,b}` and `{b,a}` print alike. */
function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((v) => stableJson(v ?? null)).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined && typeof v !== 'function')
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * A short digest of what decides a first screen (mode, config, styles). The element compares
 * it with the markup's before hydrating: a difference means the markup shows another widget,
 * and it renders afresh instead. A check of equality, not a secret: FNV-1a, 32 bits, twice.
 */
export function markupFingerprint(mode: string, config: unknown, styles: unknown): string {
  const text = stableJson({ mode, config: config ?? {}, styles: styles ?? {} });
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ text.length;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x01000193) ^ (b >>> 13);
  }
  return (a >>> 0).toString(36) + '.' + (b >>> 0).toString(36);
}

/** The inline style of the React root's host (a grid column as wide as the configured width). */
export const ROOT_HOST_STYLE = { display: 'grid', gridTemplateColumns: 'minmax(min-content, var(--stytch-container-width))' } as const;
