/** Recursively optional: hosts set only the fields they want to change. */
export type DeepPartial<T> = { [K in keyof T]?: T[K] extends object ? DeepPartial<T[K]> : T[K] };

interface ButtonStyle {
  backgroundColor: string;
  textColor: string;
  borderColor: string;
  borderRadius: string;
}

/** Every themable value, fully resolved (SPEC §3 "Style and theme"). */
export interface Theme {
  fontFamily: string;
  colors: { primary: string; secondary: string; success: string; error: string };
  container: { width: string; borderColor: string; borderRadius: string; backgroundColor: string };
  buttons: { primary: ButtonStyle; secondary: ButtonStyle; disabled: ButtonStyle };
  inputs: { backgroundColor: string; textColor: string; placeholderColor: string; borderColor: string; borderRadius: string };
}

/** light: the defaults; dark: the dark preset; auto: dark when the user's system prefers it. */
export type ColorScheme = 'light' | 'dark' | 'auto';

/** The `styles` a host passes: any subset of the theme plus the non-colour options. */
export interface StyleConfig extends DeepPartial<Theme> {
  colorScheme?: ColorScheme;
  displayHeader?: boolean;
  hideHeaderText?: boolean;
  /** `alt`: the logo's text alternative; empty (decorative) unless given. */
  logo?: { logoImageUrl?: string; alt?: string };
}
