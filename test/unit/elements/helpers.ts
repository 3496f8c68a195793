import { StytchLoginElement } from '../../../elements/index.ts';

/** Waits for the batched update and React's commit (lazy flows need a few more turns). */
export async function settle(el: Element): Promise<void> {
  await (el as StytchLoginElement).updateComplete;
  for (let i = 0; i < 5; i++) await new Promise((r) => setTimeout(r, 0));
}

/** The widget's render root: the shadow root, or the element itself in light DOM. */
export function rootOf(el: Element): ParentNode {
  return el.shadowRoot ?? el;
}

export { StytchLoginElement };
