import { sizes } from './defaults.ts';
import type { DeepPartial, Theme } from './types.ts';

/** Name of the CSS custom property for a theme path, e.g. buttons.primary.textColor. */
export function variableName(path: readonly string[]): string {
  return `--stytch-${path.map((p) => p.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)).join('-')}`;
}

/** A `var(--stytch-…)` reference for screens, which read tokens and never raw values. */
export const token = (...path: string[]): string => `var(${variableName(path)})`;

// A value becomes CSS text, so anything that could end the declaration or the rule is refused.
// eslint-disable-next-line no-control-regex -- control characters are among what it refuses
const UNSAFE = /[;{}<>\\]|\/\*|\*\/|[\u0000-\u001f]/;

/** Whether `value` can stand as one CSS value in a declaration the widget writes. */
export function isSafeCssValue(value: string): boolean {
  return !UNSAFE.test(value);
}

/** A rejected style value: its path and why. */
export interface StyleIssue {
  path: string;
  message: string;
  /** The prop the path is in; `styles` unless said. */
  field?: 'styles' | 'presentation';
}

/** Flattens a (partial) theme into custom properties; unsafe or non-string values become issues. */
export function themeVariables(theme: DeepPartial<Theme>, issues: StyleIssue[] = []): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (value: unknown, path: string[]) => {
    if (value === undefined) return;
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
      for (const [k, v] of Object.entries(value)) walk(v, [...path, k]);
      return;
    }
    if (typeof value !== 'string' || !isSafeCssValue(value)) {
      issues.push({ path: path.join('.'), message: 'must be a CSS value without ; { } < > \\ or comments' });
      return;
    }
    out.set(variableName(path), value);
  };
  walk(theme, []);
  return out;
}

/** The fixed SPEC §3 sizes as custom properties. */
export function sizeVariables(): Map<string, string> {
  return new Map(Object.entries(sizes).map(([k, v]) => [variableName([k]), v]));
}

/** `selector { --a: 1; … }`, or nothing for an empty set. */
export function declarationBlock(selector: string, vars: Map<string, string>): string {
  if (vars.size === 0) return '';
  return `${selector}{${[...vars].map(([k, v]) => `${k}:${v};`).join('')}}`;
}
