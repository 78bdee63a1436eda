/**
 * The shape of the code, enforced in `npm run lint` (docs/architecture.md,
 * House rules): imports go one way, features never import each other, shared
 * folders never import what builds on them, no import cycles.
 * Paths are relative to the repository root.
 */
const TEST = '\\.test\\.tsx?$';
const SERVER_DOMAINS = '(analytics|comments|facets|feeds|health|mcp|moderation|prompts|reports|spellings)';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-cycles',
      comment: 'An import cycle makes load order matter and modules impossible to read alone.',
      severity: 'error',
      from: {},
      to: { circular: true, dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'features-stay-apart',
      comment: 'A feature never imports another feature: move what both need to components/ or lib/.',
      severity: 'error',
      from: { path: '^apps/web/src/features/([^/]+)/' },
      to: { path: '^apps/web/src/features/', pathNot: '^apps/web/src/features/$1/' },
    },
    {
      name: 'shared-web-folders-import-no-features',
      comment: 'components/, lib/ and config/ are shared: they never import features/ or app/.',
      severity: 'error',
      from: { path: '^apps/web/src/(components|lib|config)/' },
      to: { path: '^apps/web/src/(features|app)/' },
    },
    {
      name: 'runtime-never-imports-the-build-plugin',
      comment: 'The build plugin runs in Node at build time; what both need lives in apps/web/src/lib/. Content tests may use it.',
      severity: 'error',
      from: { path: '^apps/web/src/', pathNot: TEST },
      to: { path: '^apps/web/vite-plugins/' },
    },
    {
      name: 'server-infrastructure-imports-no-resource',
      comment: "db/, http/, plugins/ and cache/ never import a resource's folder (tests may, to wire real services).",
      severity: 'error',
      from: { path: '^apps/server/src/(db|http|plugins|cache)/', pathNot: TEST },
      to: { path: `^apps/server/src/${SERVER_DOMAINS}/` },
    },
    {
      name: 'migrations-are-history',
      comment:
        'A migration never imports live code that may change after it ran; an earlier migration is history too (0019 restores the functions 0011 and 0018 wrote).',
      severity: 'error',
      from: { path: '^apps/server/src/db/migrations/', pathNot: TEST },
      to: { path: '^apps/server/src/', pathNot: ['^apps/server/src/db/(schema|dialect-of)\\.ts$', '^apps/server/src/db/migrations/'] },
    },
    {
      name: 'shared-package-imports-no-app',
      comment: 'packages/shared is used by both apps and imports nothing of them.',
      severity: 'error',
      from: { path: '^packages/shared/' },
      to: { path: '^apps/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.json'], conditionNames: ['import', 'default'] },
  },
};
