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
  {
    // A write announces itself (cache/library-writes.ts); only that module
    // decides which read caches it makes stale, so a new write path cannot
    // forget one. Tests of the caches themselves are the exception.
    files: ['apps/server/**/*.ts'],
    ignores: ['apps/server/src/cache/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'CallExpression > MemberExpression.callee[property.name=/^(invalidate|invalidateAllowingStale|forget)$/]',
          message:
            'Announce the write instead (LibraryWrites.announce in cache/library-writes.ts), which knows what each write makes stale.',
        },
      ],
    },
  },
);
