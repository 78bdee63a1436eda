import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import tseslint from 'typescript-eslint';

/**
 * The shape of the code, enforced (docs/architecture.md, House rules):
 * imports go one way, features never import each other, shared folders never
 * import what builds on them, no import cycles. Runs in `npm test`.
 */

const WEB = 'apps/web/src';
const WEB_FEATURES = ['academy', 'insights', 'library', 'prompt', 'submit'];
const SERVER = 'apps/server/src';
/** Folders of the server that own one resource each (routes, service, repository). */
const SERVER_DOMAINS = ['analytics', 'comments', 'facets', 'feeds', 'health', 'moderation', 'prompts', 'reports'];

/** Zones for every file, tests included. */
const zones = [
  // Web: a feature never imports another feature.
  ...WEB_FEATURES.map((feature) => ({
    target: `./${WEB}/features/${feature}`,
    from: `./${WEB}/features`,
    except: [`./${feature}`],
    message: 'A feature never imports another feature: move what both need to components/ or lib/.',
  })),
  // Web: shared folders never import what builds on them.
  ...['components', 'lib', 'config'].map((folder) => ({
    target: `./${WEB}/${folder}`,
    from: [`./${WEB}/features`, `./${WEB}/app`],
    message: `${folder}/ is shared: it never imports features/ or app/.`,
  })),
  // The shared package imports nothing of the apps.
  { target: './packages/shared', from: './apps', message: 'packages/shared imports nothing of apps/.' },
];

/**
 * The build plugin runs in Node at build time; the app's runtime code never
 * imports it (the block tree both use lives in src/lib/markdown-ast.ts). The
 * content tests may: they check the pages as the plugin compiles them.
 */
const webRuntimeZones = [
  {
    target: `./${WEB}`,
    from: './apps/web/vite-plugins',
    message: 'Runtime code never imports the build plugin: move what both need to apps/web/src/lib/.',
  },
];

/**
 * Server infrastructure never imports a resource's folder. Tests are exempt:
 * a cache-freshness or link-preview test wires real services to what it tests.
 */
const serverZones = ['db', 'http', 'plugins', 'cache'].map((folder) => ({
  target: `./${SERVER}/${folder}`,
  from: SERVER_DOMAINS.map((domain) => `./${SERVER}/${domain}`),
  message: `${folder}/ is infrastructure: it never imports a resource's folder (pass what it needs in).`,
}));

export default tseslint.config(
  {
    ignores: ['**/node_modules/', '**/dist/', 'e2e/.tmp/', 'test-results/', 'bench/.data/', '.ci/.runtimes/'],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      // no-cycle parses the modules an import leads to: with TypeScript's parser.
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/resolver-next': [createTypeScriptImportResolver({ noWarnOnMultipleProjects: true, project: ['apps/*/tsconfig.json', 'packages/*/tsconfig.json', 'e2e/tsconfig.json', 'bench/tsconfig.json'] })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones }],
      'import-x/no-cycle': 'error',
      'import-x/no-self-import': 'error',
      // Our regular expressions match control characters on purpose (NUL,
      // XML's forbidden characters), each with a comment saying why.
      'no-control-regex': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  {
    files: [`${SERVER}/**/*.ts`],
    ignores: ['**/*.test.ts'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: [...zones, ...serverZones] }] },
  },
  {
    files: [`${WEB}/**/*.{ts,tsx}`],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: [...zones, ...webRuntimeZones] }] },
  },
);
