import type { DeepPartial, Theme } from './types.ts';

/** Fixed sizes of SPEC §3 "Theme defaults"; hosts may still override the variables. */
export const sizes = {
  headerFontSize: '24px',
  headerFontWeight: '600',
  bodyFontSize: '16px',
  helperFontSize: '14px',
  buttonHeight: '45px',
} as const;

/** The light theme with the SPEC §3 defaults. */
export const defaultTheme: Theme = {
  fontFamily: 'Arial, Helvetica, sans-serif',
  colors: { primary: '#19303D', secondary: '#5C727D', success: '#0C5A56', error: '#8B1214' },
  container: { width: '400px', borderColor: '#ADBCC5', borderRadius: '8px', backgroundColor: '#FFFFFF' },
  buttons: {
    primary: { backgroundColor: '#19303D', textColor: '#FFFFFF', borderColor: '#19303D', borderRadius: '4px' },
    secondary: { backgroundColor: '#FFFFFF', textColor: '#19303D', borderColor: '#19303D', borderRadius: '4px' },
    disabled: { backgroundColor: '#F3F5F6', textColor: '#8296A1', borderColor: '#F3F5F6', borderRadius: '4px' },
  },
  inputs: { backgroundColor: '#FFFFFF', textColor: '#19303D', placeholderColor: '#8296A1', borderColor: '#19303D', borderRadius: '4px' },
};

/** The dark preset: only colours change; sizes stay the defaults. */
export const darkTheme: DeepPartial<Theme> = {
  colors: { primary: '#E6EDF0', secondary: '#A9B9C1', success: '#6FD3C8', error: '#FF9B9D' },
  container: { borderColor: '#3A4D57', backgroundColor: '#101B21' },
  buttons: {
    primary: { backgroundColor: '#E6EDF0', textColor: '#101B21', borderColor: '#E6EDF0' },
    secondary: { backgroundColor: '#101B21', textColor: '#E6EDF0', borderColor: '#E6EDF0' },
    disabled: { backgroundColor: '#26343C', textColor: '#8296A1', borderColor: '#26343C' },
  },
  inputs: { backgroundColor: '#17252D', textColor: '#E6EDF0', placeholderColor: '#8296A1', borderColor: '#5C727D' },
};
