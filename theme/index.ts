/** Theme: style config -> CSS custom properties, with the SPEC §3 defaults. */
export { darkTheme, defaultTheme, sizes } from './defaults.ts';
export { compileTheme, SCOPE_ATTRIBUTE, type CompiledTheme, type SheetScope } from './sheet.ts';
export type { ColorScheme, DeepPartial, StyleConfig, Theme } from './types.ts';
export { isSafeCssValue, themeVariables, token, variableName, type StyleIssue } from './variables.ts';
export { officialLookRules, presentationDark, presentationLight, readPresentation, PRESENTATION_TOKENS, type PresentationTokens, type ReadPresentation } from './presentation.ts';
