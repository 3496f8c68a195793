/**
 * The types of `stytch-ui/react-external`: the widget entry's (elements/index.ts is what the
 * build bundles), with the elements' JSX types for React 19, so a React host declares nothing.
 */
export * from './index.ts';
export type { StytchIntrinsicElements, StytchElementProps } from './react/jsx.ts';
