/** Theme: style config -> CSS custom properties, with the SPEC §3 defaults. */
export { darkTheme, defaultTheme, sizes } from './defaults.ts';
export { compileTheme, SCOPE_ATTRIBUTE, type CompiledTheme, type Look, type SheetScope } from './sheet.ts';
export type { ColorScheme, DeepPartial, StyleConfig, Theme } from './types.ts';
export { isSafeCssValue, themeVariables, token, variableName, type StyleIssue } from './variables.ts';
