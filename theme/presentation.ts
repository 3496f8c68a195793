import type { Look } from './sheet.ts';
import type { DeepPartial, StyleConfig, Theme } from './types.ts';
import { declarationBlock, isSafeCssValue, themeVariables, variableName, type StyleIssue } from './variables.ts';

/*
 * The official prebuilt UI 6.x styles itself from `presentation`: `theme` (design tokens such as
 * `primary`, `rounded-base`, `font-family`; one set, or a [light, dark] pair that follows the
 * system) and `options` (hideHeaderText, logo, …). stytch-ui/compat reads the same object into
 * the official look: the tokens become `--st-<token>` custom properties, our own theme variables
 * are drawn from them, and the look's rules (`officialLookRules`) shape our parts the way 6.3.0
 * shapes its components. Token names, defaults and derived sizes are those of the official
 * package's shipped types and defaults (6.3.0).
 */

/** Every token a 6.x `presentation.theme` may set (its `Theme` and `ColorMixFallback` types). */
export const PRESENTATION_TOKENS = [
  'color-scheme',
  'font-family',
  'font-family-mono',
  'header-font',
  'spacing',
  'container-width',
  'mobile-breakpoint',
  'rounded-base',
  'text-base',
  'button-radius',
  'input-radius',
  'container-radius',
  'shadow',
  'shadow-button',
  'shadow-input',
  'transition-duration',
  'background',
  'foreground',
  'primary',
  'primary-foreground',
  'secondary',
  'secondary-foreground',
  'muted',
  'muted-foreground',
  'accent',
  'accent-foreground',
  'border',
  'input',
  'ring',
  'destructive',
  'destructive-foreground',
  'warning',
  'success',
  'container-border',
  'tab-background',
  'primary-button-hover',
  'secondary-button-hover',
  'destructive-button-hover',
  'divider-color',
  'focus-ring-shadow',
] as const;

export type PresentationToken = (typeof PRESENTATION_TOKENS)[number];
export type PresentationTokens = Partial<Record<PresentationToken, string>>;

const shared: PresentationTokens = {
  'font-family': 'system-ui, sans-serif',
  'font-family-mono': "ui-monospace, 'Cascadia Code', 'Source Code Pro', Menlo, Consolas, 'DejaVu Sans Mono', monospace",
  spacing: '4px',
  'rounded-base': '4px',
  'text-base': '1rem',
  'container-width': '400px',
  'mobile-breakpoint': '768px',
  'transition-duration': '0.15s',
  'destructive-foreground': '#fff',
};

/** 6.3.0's light theme: what a page without `presentation` looks like. */
export const presentationLight: PresentationTokens = {
  ...shared,
  'color-scheme': 'light',
  background: 'oklch(1 0 0)',
  foreground: 'oklch(0.14 0 0)',
  primary: 'oklch(0.2 0 0)',
  'primary-foreground': 'oklch(0.99 0 0)',
  secondary: 'oklch(0.97 0 0)',
  'secondary-foreground': 'oklch(0.2 0 0)',
  muted: 'oklch(0.97 0 0)',
  'muted-foreground': 'oklch(0.52 0 0)',
  accent: 'oklch(0.97 0 0)',
  'accent-foreground': 'oklch(0.2 0 0)',
  border: 'oklch(0.92 0 0)',
  input: 'oklch(0.92 0 0)',
  ring: 'oklch(0.72 0 0)',
  destructive: 'oklch(0.577 0.245 27.325)',
  warning: 'oklch(0.67 0.16 58)',
  success: 'oklch(0.6 0.13 163)',
};

/**
 * Tokens the official UI derives from others unless they are set (its root rules): radii from
 * `rounded-base`, type sizes from `text-base`, hover and divider colours mixed from the palette.
 */
const derived: Record<string, string> = {
  'rounded-md': 'calc(var(--st-rounded-base) * 2)',
  'rounded-2xl': 'calc(var(--st-rounded-base) * 6)',
  'text-xs': 'calc(var(--st-text-base) * 0.75)',
  'text-sm': 'calc(var(--st-text-base) * 0.875)',
  'text-2xl': 'calc(var(--st-text-base) * 1.5)',
  'tab-background': 'color-mix(in oklab, var(--st-accent) 80%, transparent)',
  'primary-button-hover': 'color-mix(in oklab, var(--st-primary) 90%, transparent)',
  'secondary-button-hover': 'color-mix(in oklab, var(--st-secondary) 80%, transparent)',
  'destructive-button-hover': 'color-mix(in oklab, var(--st-destructive) 80%, transparent)',
  'divider-color': 'color-mix(in oklab, var(--st-border) 50%, transparent)',
  'focus-ring-shadow': '0 0 0 3px color-mix(in oklab, var(--st-ring) 50%, transparent)',
  shadow: '0 0',
  'shadow-input': 'var(--st-shadow)',
  'shadow-button': 'var(--st-shadow)',
  'button-radius': 'var(--st-rounded-md)',
  'input-radius': 'var(--st-rounded-md)',
  'container-radius': 'var(--st-rounded-2xl)',
  'container-border': 'var(--st-border)',
  'header-font': 'var(--st-font-family)',
};

const st = (name: string) => `var(--st-${name})`;

/**
 * Our theme drawn from the tokens, as the official components use them: primary buttons in
 * `primary`, the secondary (outline) ones on the background with a `border` edge, inputs edged
 * in `input`, text in `foreground`, helper text in `muted-foreground`.
 */
export const themeFromPresentation: DeepPartial<Theme> = {
  fontFamily: st('font-family'),
  colors: { primary: st('foreground'), secondary: st('muted-foreground'), success: st('success'), error: st('destructive') },
  container: { width: st('container-width'), borderColor: st('container-border'), borderRadius: st('container-radius'), backgroundColor: st('background') },
  buttons: {
    primary: { backgroundColor: st('primary'), textColor: st('primary-foreground'), borderColor: st('primary'), borderRadius: st('button-radius') },
    secondary: { backgroundColor: st('background'), textColor: st('foreground'), borderColor: st('border'), borderRadius: st('button-radius') },
    // 6.x dims a disabled button of any kind (opacity) rather than recolouring it: see the rules.
    disabled: { backgroundColor: st('primary'), textColor: st('primary-foreground'), borderColor: st('primary'), borderRadius: st('button-radius') },
  },
  inputs: { backgroundColor: st('background'), textColor: st('foreground'), placeholderColor: st('muted-foreground'), borderColor: st('input'), borderRadius: st('input-radius') },
};

/** Our fixed sizes in the official scale: a 24px header, 16px body, 12px helper text. */
export const sizesFromPresentation: Record<string, string> = {
  headerFontSize: st('text-2xl'),
  headerFontWeight: '600',
  bodyFontSize: st('text-base'),
  helperFontSize: st('text-xs'),
  buttonHeight: 'calc(var(--st-spacing) * 9.5)',
};

/** A 6.x presentation, read: tokens per scheme, our style options, what is not applied, what was refused. */
export interface ReadPresentation {
  /** The official look with these tokens, for `compileTheme`. */
  look: Look;
  /** The token set in force (the light one of a pair). */
  light: PresentationTokens;
  /** A [light, dark] pair's dark set, applied when the system prefers dark. */
  dark?: PresentationTokens;
  /** `options` in our style config's terms (hideHeaderText, logo). */
  styles: Pick<StyleConfig, 'hideHeaderText' | 'logo'>;
  /** `options.enableShadowDOM`, when set. */
  enableShadowDOM?: boolean;
  /** Options understood but not applied by this widget, said once in the console. */
  unapplied: string[];
  issues: StyleIssue[];
}

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);
const TOKEN_SET = new Set<string>(PRESENTATION_TOKENS);
const SCHEMES = ['light', 'dark', 'shadcn'];

function readTokens(value: unknown, path: string, issues: StyleIssue[]): PresentationTokens {
  if (!isObject(value)) {
    issues.push({ path, message: 'must be an object of theme tokens' });
    return {};
  }
  const out: PresentationTokens = {};
  for (const [key, v] of Object.entries(value)) {
    if (v === undefined) continue;
    if (!TOKEN_SET.has(key)) issues.push({ path: `${path}.${key}`, message: 'is not a theme token of the official UI 6.x' });
    else if (typeof v !== 'string' || !isSafeCssValue(v)) issues.push({ path: `${path}.${key}`, message: 'must be a CSS value without ; { } < > \\ or comments' });
    else if (key === 'color-scheme' && !SCHEMES.includes(v)) issues.push({ path: `${path}.${key}`, message: `must be one of ${SCHEMES.join(', ')}` });
    else out[key as PresentationToken] = v;
  }
  return out;
}

/** Reads `presentation` as the official UI 6.x takes it; bad values become issues, never exceptions. */
export function readPresentation(presentation: unknown): ReadPresentation {
  const out = readFields(presentation);
  for (const issue of out.issues) issue.field = 'presentation';
  return out;
}

function readFields(presentation: unknown): ReadPresentation {
  const out: ReadPresentation = {
    light: {},
    styles: {},
    unapplied: [],
    issues: [],
    look: { declarations: (root) => lookDeclarations(root, out), rules: (inside) => officialLookRules(inside, mobileQuery(out.light)) },
  };
  const { issues } = out;
  if (presentation === undefined || presentation === null) return out;
  if (!isObject(presentation)) {
    issues.push({ path: '', message: 'must be an object ({ theme, options })' });
    return out;
  }
  const { theme, options, icons, ...rest } = presentation;
  for (const key of Object.keys(rest)) issues.push({ path: key, message: 'is not a presentation field (theme, options, icons)' });
  if (Array.isArray(theme)) {
    if (theme.length !== 2) issues.push({ path: 'theme', message: 'must be one theme or a [light, dark] pair' });
    else {
      // Each of a pair is laid over the light defaults, as the official UI does: a dark theme names its colours.
      out.light = readTokens(theme[0], 'theme[0]', issues);
      out.dark = readTokens(theme[1], 'theme[1]', issues);
    }
  } else if (theme !== undefined) out.light = readTokens(theme, 'theme', issues);
  if (icons !== undefined) out.unapplied.push('`presentation.icons`');
  if (options === undefined) return out;
  if (!isObject(options)) {
    issues.push({ path: 'options', message: 'must be an object' });
    return out;
  }
  for (const [key, v] of Object.entries(options)) {
    const path = `options.${key}`;
    if (v === undefined) continue;
    if (key === 'hideHeaderText' || key === 'enableShadowDOM') {
      if (typeof v !== 'boolean') issues.push({ path, message: 'must be true or false' });
      else if (key === 'hideHeaderText') out.styles.hideHeaderText = v;
      else out.enableShadowDOM = v;
    } else if (key === 'logo') {
      if (!isObject(v) || typeof v.url !== 'string' || (v.alt !== undefined && typeof v.alt !== 'string')) issues.push({ path, message: 'must be { url: string, alt: string }' });
      else out.styles.logo = { logoImageUrl: v.url, alt: typeof v.alt === 'string' ? v.alt : '' };
    } else if (key === 'buttonId' || key === 'inputIdSuffix' || key === 'icons') {
      out.unapplied.push(`\`presentation.options.${key}\``);
    } else issues.push({ path, message: 'is not a presentation option of the official UI 6.x' });
  }
  return out;
}

/** `--st-<token>` declarations for one token set over 6.3.0's defaults, with the derived ones. */
export function presentationVariables(tokens: PresentationTokens, base: PresentationTokens = presentationLight): Map<string, string> {
  const all: Record<string, string> = { ...derived, ...(base as Record<string, string>), ...(tokens as Record<string, string>) };
  const scheme = all['color-scheme'];
  const vars = new Map(Object.entries(all).map(([k, v]) => [`--st-${k}`, v]));
  // shadcn: the host page's own colour scheme (its tokens name the page's variables).
  vars.set('--st-color-scheme', scheme === 'shadcn' ? 'inherit' : (scheme ?? 'light'));
  return vars;
}

/**
 * The official look's rules over our parts (after our component rules, which they refine). Each
 * selector names its part twice, `[part][part~=x]`: one class-level selector more than Emotion's
 * generated classes, which would otherwise win as the later rule. `mobile` is the media query of
 * the official UI's touch sizes (below `mobile-breakpoint`).
 */
export function officialLookRules(inside: string, mobile: string): string {
  const p = (part: string) => `${inside}[part][part~="${part}"]`;
  const buttonBase = `align-items:center;justify-content:center;gap:8px;min-height:0;padding:calc(var(--st-spacing) * 2) calc(var(--st-spacing) * 3);font-family:var(--st-font-family);font-size:var(--st-text-sm);font-weight:500;line-height:1.42857;box-shadow:var(--st-shadow-button);transition:background-color var(--st-transition-duration) ease-in-out,border-color var(--st-transition-duration) ease-in-out`;
  const outline = `background:var(--st-background);color:var(--st-foreground);border:1px solid var(--st-border);border-radius:var(--st-button-radius)`;
  return [
    `${p('container')}{color-scheme:var(--st-color-scheme);gap:calc(var(--st-spacing) * 6);padding:calc(var(--st-spacing) * 10) calc(var(--st-spacing) * 9);padding-bottom:calc(var(--st-spacing) * 10 + var(--stytch-toast-space, 0px));line-height:1.5;color:var(--st-foreground)}`,
    `${p('header')}{font-family:var(--st-header-font);line-height:1.33333}`,
    // 6.x centres the main screen's header only; the others start at the text edge.
    `${inside}[part~="container"]:not(:has(>[part~="login-form"],>[part~="oauth"],>[part~="wallets"],>[part~="passkey-button"]))>[part][part~="header"]{text-align:start}`,
    `${p('helper')}{line-height:1.5}`,
    `${p('divider')}{gap:calc(var(--st-spacing) * 2);line-height:1.33333}`,
    `${inside}[part~="divider"]>span:not([part]){height:0;background:none;border-bottom:1px solid var(--st-divider-color)}`,
    // Buttons: 14px medium text on a 38px (46px on touch screens) rounded box; the secondary
    // kind is the official outline button, and a disabled one is dimmed, not recoloured.
    `${p('button')}{display:flex;${buttonBase}}`,
    `${p('button-secondary')}{${outline}}`,
    `${p('button')}:disabled{opacity:.5;cursor:default}`,
    `${p('button-primary')}:disabled{background:var(--st-primary);color:var(--st-primary-foreground);border-color:var(--st-primary)}`,
    `${p('button-secondary')}:disabled{background:var(--st-background);color:var(--st-foreground);border-color:var(--st-border)}`,
    `${p('button-primary')}:not(:disabled):hover{background:var(--st-primary-button-hover);border-color:var(--st-primary-button-hover)}`,
    `${p('button-secondary')}:not(:disabled):hover{background:var(--st-accent);color:var(--st-accent-foreground)}`,
    `${inside}:is([part~="button"],[part~="input"],[part~="tab"],[part~="mail-link"]):focus-visible{outline:0;border-color:var(--st-ring);box-shadow:var(--st-shadow-button),var(--st-focus-ring-shadow)}`,
    // Inputs: 14px text, 38px high; the main form's email label is for screen readers only.
    `${p('input')}{height:auto;padding:calc(var(--st-spacing) * 2) calc(var(--st-spacing) * 3);font-family:var(--st-font-family);font-size:var(--st-text-sm);line-height:1.42857;box-shadow:var(--st-shadow-input)}`,
    `${p('label')}{font-size:var(--st-text-sm);font-weight:600;line-height:1.42857;color:var(--st-foreground)}`,
    `${inside}[part~="login-form"] [part~="label"]{position:absolute;width:1px;height:1px;margin:-1px;padding:0;overflow:hidden;clip:rect(0,0,0,0);white-space:nowrap;border:0}`,
    `${p('login-form')}{gap:0}`,
    `${inside}[part~="login-form"] form{gap:calc(var(--st-spacing) * 4)}`,
    // Tabs: one segmented row of outline buttons, the chosen one filled with the accent colour.
    `${p('tabs')}{display:flex;border-bottom:0;margin-bottom:calc(var(--st-spacing) * 8)}`,
    `${p('tab')}{display:flex;flex:1;${buttonBase};${outline};border-radius:0}`,
    `${p('tab')}:not(:first-child){border-inline-start-width:0}`,
    `${p('tab')}:first-child{border-start-start-radius:var(--st-button-radius);border-end-start-radius:var(--st-button-radius)}`,
    `${p('tab')}:last-child{border-start-end-radius:var(--st-button-radius);border-end-end-radius:var(--st-button-radius)}`,
    `${p('tab')}:hover{background:var(--st-tab-background)}`,
    `${p('tab-selected')}{background:var(--st-accent);color:var(--st-accent-foreground);font-weight:500}`,
    // Inbox links: full-width outline buttons with the mail provider's icon.
    `${p('mail-links')}{flex-direction:column;gap:calc(var(--st-spacing) * 2)}`,
    `${p('mail-link')}{display:flex;width:100%;box-sizing:border-box;text-decoration:none;${buttonBase};${outline}}`,
    `${p('mail-link')}:hover{background:var(--st-accent);color:var(--st-accent-foreground)}`,
    `${p('mail-icon')}{display:block;flex:none}`,
    // A code in six 36px cells (40px on touch screens), from the start of the line.
    `${p('otp-cells')}{justify-content:start;gap:calc(var(--st-spacing) * 2)}`,
    `${p('otp-cell')}{flex:none;width:calc(var(--st-spacing) * 9);height:calc(var(--st-spacing) * 9);padding:0;font-size:var(--st-text-sm)}`,
    `${mobile}{${p('otp-cell')}{width:calc(var(--st-spacing) * 10);height:calc(var(--st-spacing) * 10);padding:0}}`,
    `${mobile}{${p('button')},${p('tab')},${p('input')}:not([part~="otp-cell"]),${p('mail-link')}{padding:calc(var(--st-spacing) * 3)}}`,
  ].join('');
}

/** The media query of the official touch sizes, from a (checked) `mobile-breakpoint`. */
export function mobileQuery(tokens: PresentationTokens): string {
  return `@media (max-width:${tokens['mobile-breakpoint'] ?? presentationLight['mobile-breakpoint']})`;
}

/**
 * The look's variables: the tokens as `--st-*` (a [light, dark] pair switching with the system)
 * and our variables drawn from them. The presets of our `colorScheme` do not apply: the
 * presentation's theme chooses the colours.
 */
function lookDeclarations(root: string, read: Pick<ReadPresentation, 'light' | 'dark'>): string {
  const ours = new Map([...Object.entries(sizesFromPresentation).map(([k, v]) => [variableName([k]), v] as const), ...themeVariables(themeFromPresentation)]);
  const light = declarationBlock(root, presentationVariables(read.light));
  const dark = read.dark ? `@media (prefers-color-scheme:dark){${declarationBlock(root, presentationVariables(read.dark))}}` : '';
  return light + dark + declarationBlock(root, ours);
}
