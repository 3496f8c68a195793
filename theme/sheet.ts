import { darkTheme, defaultTheme } from './defaults.ts';
import type { StyleConfig, Theme } from './types.ts';
import { declarationBlock, sizeVariables, themeVariables, type StyleIssue } from './variables.ts';

/** Where the sheet lives: inside a shadow root, or in the light DOM under one scope id. */
export type SheetScope = { kind: 'shadow' } | { kind: 'light'; scopeId: string };

/** The compiled stylesheet and any style values it refused. */
export interface CompiledTheme {
  css: string;
  issues: StyleIssue[];
}

/** The attribute that marks a light-DOM widget root. */
export const SCOPE_ATTRIBUTE = 'data-stytch-scope';

function themePart(styles: StyleConfig): Partial<Theme> {
  const { fontFamily, colors, container, buttons, inputs } = styles;
  return { fontFamily, colors, container, buttons, inputs } as Partial<Theme>;
}

// overflow-wrap:anywhere on the container: a long address, passkey name or docs URL in an
// error breaks instead of setting the widget's minimum width and overflowing a phone screen.
// Every rule has at most one class-level specificity, so a host selector that names the
// element or the part (`stytch-ui [part~=header]`, `::part(header)`) wins without !important.
function componentRules(inside: string): string {
  const p = (part: string) => `${inside}[part~="${part}"]`;
  return [
    `${p('container')}{box-sizing:border-box;display:flex;flex-direction:column;gap:24px;min-width:0;padding:32px;padding-bottom:calc(32px + var(--stytch-toast-space, 0px));background:var(--stytch-container-background-color);border:1px solid var(--stytch-container-border-color);border-radius:var(--stytch-container-border-radius);font-family:var(--stytch-font-family);font-size:var(--stytch-body-font-size);line-height:1.25;color:var(--stytch-colors-primary);text-align:start;overflow-wrap:anywhere}`,
    // Tabs share one row: with the container's anywhere, a label like "WhatsApp" would split.
    `${p('tab')}{overflow-wrap:normal}`,
    `${p('header')}{margin:0;font-size:var(--stytch-header-font-size);font-weight:var(--stytch-header-font-weight);text-align:center}`,
    // Chromium's default ring is dark and hugs the control, so it vanished on the dark primary
    // button and in the dark preset; an offset ring in the text colour shows on every surface.
    `${inside}:focus-visible{outline:2px solid var(--stytch-colors-primary);outline-offset:2px}`,
    `${p('header')}:focus{outline:none}`,
    `${p('helper')}{font-size:var(--stytch-helper-font-size);color:var(--stytch-colors-secondary)}`,
    `${p('error')}{margin:0;color:var(--stytch-colors-error)}`,
    // At least the configured height, not exactly it: a label that wraps (a long translation on
    // a phone) grows its button instead of spilling over the next one.
    `${p('button')}{box-sizing:border-box;width:100%;min-height:var(--stytch-button-height);padding-block:6px;font:inherit;font-weight:600;border:1px solid;cursor:pointer}`,
    `${p('button-primary')}{background:var(--stytch-buttons-primary-background-color);color:var(--stytch-buttons-primary-text-color);border-color:var(--stytch-buttons-primary-border-color);border-radius:var(--stytch-buttons-primary-border-radius)}`,
    `${p('button-secondary')}{background:var(--stytch-buttons-secondary-background-color);color:var(--stytch-buttons-secondary-text-color);border-color:var(--stytch-buttons-secondary-border-color);border-radius:var(--stytch-buttons-secondary-border-radius)}`,
    `${p('button')}:disabled{cursor:default;background:var(--stytch-buttons-disabled-background-color);color:var(--stytch-buttons-disabled-text-color);border-color:var(--stytch-buttons-disabled-border-color);border-radius:var(--stytch-buttons-disabled-border-radius)}`,
    `${p('input')}{box-sizing:border-box;width:100%;height:var(--stytch-button-height);padding:0 12px;font:inherit;font-size:var(--stytch-body-font-size);background:var(--stytch-inputs-background-color);color:var(--stytch-inputs-text-color);border:1px solid var(--stytch-inputs-border-color);border-radius:var(--stytch-inputs-border-radius)}`,
    // The inbox links' marks show only in stytch-ui/compat's official look.
    `${p('mail-icon')}{display:none}`,
    `${p('input')}::placeholder{color:var(--stytch-inputs-placeholder-color)}`,
    // iOS zooms into any focused input under 16px; coarse pointers get at least that.
    `@media (pointer:coarse),(max-width:600px){${p('input')}{font-size:max(16px,var(--stytch-body-font-size))}}`,
  ].join('');
}

/**
 * Another look over our parts (stytch-ui/compat's official 6.x look): variables declared after
 * the defaults, in place of the colour-scheme presets, and rules after our component rules.
 * The look's code lives with its module, so widgets that never use one do not load it.
 */
export interface Look {
  declarations(root: string): string;
  rules(inside: string): string;
}

/** Compiles a host's style config into the stylesheet one widget instance injects, in our look or in `look`. */
export function compileTheme(styles: StyleConfig = {}, scope: SheetScope = { kind: 'shadow' }, look?: Look): CompiledTheme {
  const issues: StyleIssue[] = [];
  const root = scope.kind === 'shadow' ? ':host' : `:where([${SCOPE_ATTRIBUTE}="${scope.scopeId}"])`;
  const defaults = new Map([...sizeVariables(), ...themeVariables(defaultTheme)]);
  const dark = themeVariables(darkTheme);
  const host = themeVariables(themePart(styles), issues);
  const scheme = styles.colorScheme ?? 'light';
  const inside = scope.kind === 'shadow' ? '' : `:where([${SCOPE_ATTRIBUTE}="${scope.scopeId}"]) `;
  const parts = [
    scope.kind === 'shadow' ? ':host{display:block}:host([hidden]){display:none}' : '',
    // Light DOM: undo host-page element rules (`h1 {…}`, `button {…}`) inside the widget. SVG is
    // left out: `all` would also revert its presentation attributes (fill, width), blanking icons;
    // :where keeps the rule as weak as before, so the widget's own class rules still win.
    scope.kind === 'light' ? `[${SCOPE_ATTRIBUTE}="${scope.scopeId}"] :where(:not(svg, svg *)){all:revert}` : '',
    declarationBlock(root, defaults),
    look ? look.declarations(root) : '',
    !look && scheme === 'dark' ? declarationBlock(root, dark) + `${root}{color-scheme:dark}` : '',
    !look && scheme === 'auto' ? `@media (prefers-color-scheme:dark){${declarationBlock(root, dark)}${root}{color-scheme:dark}}` : '',
    // Last, so the styles prop beats the presets; host CSS still beats all of these.
    declarationBlock(root, host),
    componentRules(inside),
    look ? look.rules(inside) : '',
  ];
  return { css: parts.join(''), issues };
}
