import { parse, type DefaultTreeAdapterMap } from 'parse5';
import { escapeAttribute, renderLoginMarkup, renderLoginToString, type ServerRenderOptions } from './render.ts';
import { SCOPE_ATTRIBUTE } from '../../theme/index.ts';
import { InvalidConfigError, type InvalidStylesError } from '../errors.ts';

type Node = DefaultTreeAdapterMap['node'];
type Element = DefaultTreeAdapterMap['element'];

/** How `stytch-ui prerender` rewrites a page. */
export interface PrerenderOptions {
  /** Overrides each element's own nonce attribute on the style tags (a page whose CSP nonce is fixed). */
  nonce?: string | undefined;
}

/** A page with its `<stytch-ui>` elements' first screens written in. */
export interface PrerenderedPage {
  html: string;
  /** How many elements were rendered. */
  count: number;
  warnings: InvalidStylesError[];
}

function* elements(node: Node, tag: string): Generator<Element> {
  if ('tagName' in node && node.tagName === tag) yield node;
  const children = 'content' in node && node.content ? node.content.childNodes : 'childNodes' in node ? node.childNodes : [];
  for (const child of children) yield* elements(child, tag);
}

/**
 * Writes the first screen into every `<stytch-ui>` of `html`, rendered from that element's own
 * `config`, `styles` and `nonce` attributes; whatever the element held before is replaced, so
 * running it again on its output renders afresh. The rest of the page is kept byte for byte.
 */
export async function prerenderHtml(html: string, options: PrerenderOptions = {}): Promise<PrerenderedPage> {
  const document = parse(html, { sourceCodeLocationInfo: true });
  const found = [...elements(document, 'stytch-ui')];
  const warnings: InvalidStylesError[] = [];
  const edits: { start: number; end: number; text: string }[] = [];
  for (const [index, element] of found.entries()) {
    const location = element.sourceCodeLocation;
    const attribute = (name: string) => element.attrs.find((a) => a.name === name)?.value;
    if (!location?.startTag || !location.endTag) throw new InvalidConfigError(`<stytch-ui> #${index + 1} (line ${location?.startLine ?? '?'}) has no closing </stytch-ui> tag`);
    const nonce = options.nonce ?? attribute('nonce');
    let markup;
    try {
      markup = await renderLoginMarkup({ config: attribute('config') ?? {}, styles: attribute('styles'), nonce });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      throw new InvalidConfigError(`<stytch-ui> #${index + 1} (line ${location.startLine}): ${message}`, { cause: error });
    }
    warnings.push(...markup.warnings);
    const attributes = element.attrs.filter((a) => a.name !== SCOPE_ATTRIBUTE).map((a) => [a.name, a.value] as const);
    const text = [...attributes, ...Object.entries(markup.attributes)].map(([k, v]) => ` ${k}="${escapeAttribute(v)}"`).join('');
    edits.push({ start: location.startTag.startOffset, end: location.endTag.startOffset, text: `<stytch-ui${text}>${markup.children}` });
  }
  let out = html;
  for (const edit of edits.reverse()) out = out.slice(0, edit.start) + edit.text + out.slice(edit.end);
  return { html: out, count: found.length, warnings };
}

/**
 * The element for a config file: either `{ "config": …, "styles": …, "nonce": … }` or the
 * config itself (an object without a `config` key).
 */
export async function prerenderConfig(json: string, options: PrerenderOptions = {}): Promise<string> {
  let value: unknown;
  try {
    value = JSON.parse(json) as unknown;
  } catch (cause) {
    throw new InvalidConfigError('Error: Invalid config file: expected JSON', { cause });
  }
  const wrapped = value && typeof value === 'object' && 'config' in value;
  const input: ServerRenderOptions = wrapped ? (value as ServerRenderOptions) : { config: value };
  return renderLoginToString({ ...input, nonce: options.nonce ?? input.nonce });
}
