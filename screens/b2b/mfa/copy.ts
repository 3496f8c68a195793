/** Copies `text` to the clipboard; false where the page may not (no permission, no secure context). */
export async function copyText(text: string): Promise<boolean> {
  try {
    await globalThis.navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/** Selects the text of `node`, so the user can copy it themselves when the clipboard refused. */
export function selectContents(node: Node | null): void {
  const selection = globalThis.getSelection?.();
  if (!node || !selection) return;
  selection.removeAllRanges();
  const range = document.createRange();
  range.selectNodeContents(node);
  selection.addRange(range);
}
