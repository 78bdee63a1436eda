import js from '@eslint/js';
import tseslint from 'typescript-eslint';

/**
 * Code lint (JavaScript's and typescript-eslint's recommended rules). The
 * import boundaries and the ban on cycles are checked by dependency-cruiser
 * (.dependency-cruiser.cjs); both run in `npm run lint`, part of `npm test`.
 */
export default tseslint.config(
  {
    ignores: ['**/node_modules/', '**/dist/', '.dependency-cruiser.cjs', 'e2e/.tmp/', 'test-results/', 'bench/.data/', '.ci/.runtimes/'],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    rules: {
      // Our regular expressions match control characters on purpose (NUL,
      // XML's forbidden characters), each with a comment saying why.
      'no-control-regex': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
);
