// ESLint's configuration lives with the lint tools it needs: tools/lint/ (see its package.json).
export { default } from './tools/lint/eslint.config.mjs';
