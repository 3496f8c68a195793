import type { ReactNode } from 'react';

// Only links to the provider's own site become anchors; every other part stays text.
const LINK = /https:\/\/(?:[a-z0-9-]+\.)*stytch\.com(?:\/[^\s<>"')]*)?/gi;

/**
 * Server text rendered as text nodes, with the provider's URLs as anchors built from parsed
 * URLs. The one place server text becomes markup; no HTML is ever parsed.
 */
export function SafeText({ text }: { text: string }) {
  const out: ReactNode[] = [];
  let last = 0;
  for (const m of text.matchAll(LINK)) {
    // A sentence-final period belongs to the sentence, not the URL.
    const raw = m[0].replace(/[.,;:]+$/, '');
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      continue;
    }
    if (m.index > last) out.push(text.slice(last, m.index));
    out.push(
      <a key={m.index} href={url.href} target="_blank" rel="noopener noreferrer" part="link">
        {raw}
      </a>,
    );
    last = m.index + raw.length;
  }
  if (last < text.length) out.push(text.slice(last));
  return <>{out}</>;
}
