// The project's ESLint rules; the root eslint.config.mjs points here. They sit beside
// tools/lint/package.json, whose own install holds ESLint and typescript-eslint: that parser
// reads TypeScript through TypeScript 6's JavaScript API, which the project's TypeScript 7
// (a native compiler) no longer has, so it gets TypeScript 6 of its own there.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * `x as unknown as T`: a cast through unknown tells the compiler nothing about the value and hides
 * the mismatch it was about to report. Outside the tests a type says what the value is (a
 * narrower generic, a type guard, a subtype cast). A rule, not a review habit: such casts came
 * back once in a merge from a parallel branch after they had been removed.
 */
const NO_CAST_THROUGH_UNKNOWN = {
  selector: "TSAsExpression[expression.type='TSAsExpression'][expression.typeAnnotation.type='TSUnknownKeyword']",
  message: 'No `as unknown as` outside test/: type the value (a narrower generic, a type guard, a cast to a subtype) instead.',
};

export default tseslint.config(
  {
    ignores: ['**/node_modules/', 'dist/', 'hosts/dist/', 'demo/wallet/built/', '.data/', '.test-results/', 'test-results/', 'bench/peer-better-auth/', 'hosts/next/.next/', '**/*.d.ts', '**/*.d.mts'],
  },
  // A disable comment that silences nothing is an error: each one points at a real finding.
  { linterOptions: { reportUnusedDisableDirectives: 'error' } },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.browser, ...globals.node },
    },
    rules: {
      // `_name` marks what is there on purpose: a parameter a signature needs, a field left out of a rest.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true }],
      // `declare module 'react' { namespace JSX … }` is how a host types its custom elements.
      '@typescript-eslint/no-namespace': ['error', { allowDeclarations: true }],
      // The screen registry merges its keys into an interface by module augmentation.
      '@typescript-eslint/no-empty-object-type': ['error', { allowInterfaces: 'with-single-extends' }],
    },
  },
  {
    files: ['**/*.ts', '**/*.tsx', '**/*.mts'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      // The two rules that catch real bugs in screens: a hook called conditionally, and an
      // effect or memo reading a value its dependency list leaves out (a stale closure).
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    files: ['**/*.ts', '**/*.tsx', '**/*.mts'],
    ignores: ['test/**'],
    rules: { 'no-restricted-syntax': ['error', NO_CAST_THROUGH_UNKNOWN] },
  },
  {
    // What the widget files run: React 18 (tools/widget-react), so none of React 19's own API.
    files: ['screens/**', 'elements/base/**', 'theme/**'],
    rules: {
      // `ref` reaches a function component as a prop only from React 19: ours name theirs for
      // what they hold (`inputRef`, `panelRef`), or use forwardRef. (This list replaces the one
      // above for these files, so it repeats the cast rule.)
      'no-restricted-syntax': [
        'error',
        NO_CAST_THROUGH_UNKNOWN,
        {
          selector: "TSPropertySignature[key.name='ref']",
          message: 'React 18 passes no `ref` prop to a function component (the widget files carry React 18): name it for what it holds, e.g. `inputRef`.',
        },
        {
          selector: "ObjectPattern > Property[key.name='ref']",
          message: 'React 18 passes no `ref` prop to a function component (the widget files carry React 18): name it for what it holds, e.g. `inputRef`.',
        },
      ],
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'react', importNames: ['use', 'useActionState', 'useOptimistic', 'useEffectEvent', 'Activity'], message: 'React 19 only: the widget files carry React 18 (tools/widget-react).' },
            {
              name: 'react-dom',
              importNames: ['useFormStatus', 'preload', 'preinit', 'preconnect', 'prefetchDNS', 'requestFormReset'],
              message: 'React 19 only: the widget files carry React 18 (tools/widget-react).',
            },
            { name: 'react', importNames: ['useId'], message: 'useWidgetId (screens/hooks/useWidgetId.ts): its ids are the same from React 18 and 19.' },
          ],
        },
      ],
    },
  },
  {
    // Tests and benchmarks read untyped JSON (provider answers, reports) as `any`.
    files: ['test/**', 'bench/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // Chai's property assertions (`expect(x).to.be.true`) are expressions by design.
    files: ['test/unit/**'],
    rules: { '@typescript-eslint/no-unused-expressions': 'off' },
  },
);
