// One lint run for the whole repository: `npm run check` runs it with --max-warnings 0.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import globals from 'globals';
import boundaries from 'eslint-plugin-boundaries';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'web/dist-ssr/**',
      'server/src/generated/**',
      'prisma/migrations/**',
      'test-results/**',
      'playwright-report/**',
      'coverage/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'no-console': 'off',
    },
  },
  {
    files: ['server/src/**/*.ts'],
    ignores: ['server/src/common/zod-dto.ts'],
    rules: {
      // NestJS injects by constructor parameter types
      '@typescript-eslint/consistent-type-imports': 'off',
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'nestjs-zod',
              importNames: ['createZodDto'],
              message:
                "DTOs come from server/src/common/zod-dto.ts's createZodDto, which publishes nullable fields truly in the OpenAPI document",
            },
          ],
          // what both ends agree on is in @app/contract
          patterns: [
            {
              group: ['**/web/**'],
              message:
                'The server imports nothing of the web: what both ends agree on is in @app/contract',
            },
          ],
        },
      ],
    },
  },
  {
    // the seeds and scripts use the server through its generated client, its SQL helper and
    // each feature's seeding.ts (what a seed may use of it: tsx cannot load a Nest module)
    files: ['prisma/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./)+server/src/(?!generated/|prisma/sql\\.js$|[^/]+/seeding\\.js$)',
              message:
                "prisma/ uses the server through its generated client, server/src/prisma/sql.ts and a feature's seeding.ts only",
            },
          ],
        },
      ],
    },
  },
  {
    // type-aware rules: promises are awaited or voided, switches over unions are exhaustive
    files: [
      'contract/**/*.ts',
      'server/**/*.ts',
      'web/src/**/*.{ts,tsx}',
      'prisma/**/*.ts',
      'tests/**/*.ts',
    ],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': [
        'error',
        { considerDefaultExhaustiveForUnions: true },
      ],
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // accessibility of the web's markup (the member site, the public entry, the staff console):
    // eslint-plugin-jsx-a11y's recommended rules
    ...jsxA11y.flatConfigs.recommended,
    files: ['web/src/**/*.tsx'],
  },
  {
    // the recommended options, and two habits of this site's markup that they do not know
    files: ['web/src/**/*.tsx'],
    rules: {
      // a region that scrolls (a wide table on a phone, the chat's messages) is focusable, so the
      // keyboard scrolls it too (axe: scrollable-region-focusable)
      'jsx-a11y/no-noninteractive-tabindex': [
        'error',
        { tags: [], roles: ['tabpanel', 'region', 'log'], allowExpressionValues: true },
      ],
      // a table whose rows a phone shows as cards keeps its table roles: a CSS display change
      // drops them in some browsers
      'jsx-a11y/no-redundant-roles': ['error', { nav: ['navigation'], tbody: ['rowgroup'] }],
      'jsx-a11y/no-interactive-element-to-noninteractive-role': [
        'error',
        { tr: ['none', 'presentation'], canvas: ['img'], td: ['cell'] },
      ],
    },
  },
  {
    files: [
      '**/*.spec.ts',
      '**/*.test.ts',
      '**/*.test.tsx',
      'server/test/**/*.ts',
      'tests/**/*.ts',
    ],
    languageOptions: { globals: { ...globals.jest } },
  },
  {
    // feature boundaries (STYLE: a feature is a folder; features use each other only through
    // their index.ts): the server's features, its shared infrastructure and its entry files
    files: ['server/src/**/*.ts'],
    ignores: ['server/src/**/*.spec.ts', 'server/src/generated/**'],
    plugins: { boundaries },
    settings: {
      'boundaries/include': ['server/src/**/*'],
      'boundaries/elements': [
        {
          type: 'server-infra',
          pattern: 'server/src/{common,config,prisma,redis,i18n,queue,generated,logging,metrics}',
        },
        // the entry files (main.ts, app.module.ts, worker.module.ts) compose the features: they
        // are no element, so they may use any feature's index
        { type: 'server-feature', pattern: 'server/src/*', capture: ['feature'] },
      ],
      'import/resolver': { typescript: { project: 'server/tsconfig.json' }, node: true },
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          message:
            "Features use each other only through their index ('../<feature>'), and the shared infrastructure (common, config, prisma, redis, i18n, queue, logging, metrics) uses no feature",
          policies: [
            {
              from: { element: { types: ['server-infra', 'server-feature'] } },
              allow: { to: { element: { type: 'server-infra' } } },
            },
            {
              from: { element: { type: 'server-feature' } },
              allow: { to: { element: { type: 'server-feature', fileInternalPath: 'index.ts' } } },
            },
          ],
        },
      ],
    },
  },
  {
    // the web's boundaries: a feature uses another only through its index.ts (its public API);
    // the shell (app/) composes the features through their index.ts and loads their pages
    // lazily through pages/index.ts; the shared code uses neither. main.tsx, the entry file, is
    // no element. Tests render the whole app through the shell's router, so they are left out.
    files: ['web/src/**/*.{ts,tsx}'],
    ignores: ['web/src/**/*.test.{ts,tsx}'],
    plugins: { boundaries },
    settings: {
      'boundaries/include': ['web/src/**/*'],
      // re-exports and the router's lazy import() count as much as an import
      'boundaries/dependency-nodes': ['import', 'export', 'dynamic-import'],
      'boundaries/elements': [
        { type: 'web-shell', pattern: 'web/src/app' },
        // the second shell: a visitor's first pages rendered on the server, taken over in the
        // browser with light scripts (Preact), each page in a chunk of its own
        { type: 'web-public', pattern: 'web/src/public' },
        { type: 'web-feature', pattern: 'web/src/features/*', capture: ['feature'] },
        {
          type: 'web-shared',
          pattern: 'web/src/{components,api,realtime,config,i18n,test,styles}',
        },
        // the staff console: its shell, its shared code, and an area per folder
        { type: 'web-admin-app', pattern: 'web/src/admin/app' },
        { type: 'web-admin-shared', pattern: 'web/src/admin/shared' },
        { type: 'web-admin-feature', pattern: 'web/src/admin/features/*', capture: ['feature'] },
      ],
      'import/resolver': { typescript: { project: 'web/tsconfig.json' }, node: true },
    },
    rules: {
      // and nothing from server/ or prisma/ (imports, `export … from`, types too): what the two
      // ends agree on is in @app/contract (a test may read seed data, as the catalogue test does)
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/server/**', '**/prisma/**'],
              message:
                'The web imports nothing from server/ or prisma/: what both ends agree on is in @app/contract',
            },
          ],
        },
      ],
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          message:
            "A feature uses another only through its index ('../<feature>'); the shell uses a feature's index.ts or pages/index.ts; the public entry (public/) uses a feature's index.ts, pages/index.ts or one page module (pages/<Page>.tsx, each page in a chunk of its own) and the shell's public-entry.ts; the shared code (components, api, realtime, config, i18n, test, styles) uses no feature and not the shell; the staff console (admin/) uses the shared code and its own (admin/shared, an area's index.ts; app/areas.ts an area's routes.ts), and the router maps over admin/app/routes.ts, the areas of admin/app/areas.ts with the shell's pages",
          policies: [
            {
              from: {
                element: { types: ['web-shell', 'web-public', 'web-feature', 'web-shared'] },
              },
              allow: { to: { element: { type: 'web-shared' } } },
            },
            {
              from: { element: { type: 'web-public' } },
              allow: [
                {
                  to: {
                    element: {
                      type: 'web-feature',
                      fileInternalPath: ['index.ts', 'pages/index.ts', 'pages/*.tsx'],
                    },
                  },
                },
                { to: { element: { type: 'web-shell', fileInternalPath: 'public-entry.ts' } } },
              ],
            },
            {
              from: { element: { type: 'web-feature' } },
              allow: { to: { element: { type: 'web-feature', fileInternalPath: 'index.ts' } } },
            },
            {
              from: { element: { type: 'web-shell' } },
              allow: {
                to: {
                  element: {
                    type: 'web-feature',
                    fileInternalPath: ['index.ts', 'pages/index.ts'],
                  },
                },
              },
            },
            {
              // the console uses the site's shared code and its own, never a member feature
              from: {
                element: { types: ['web-admin-app', 'web-admin-shared', 'web-admin-feature'] },
              },
              allow: { to: { element: { types: ['web-shared', 'web-admin-shared'] } } },
            },
            {
              from: { element: { types: ['web-admin-app', 'web-admin-feature'] } },
              allow: {
                to: { element: { type: 'web-admin-feature', fileInternalPath: 'index.ts' } },
              },
            },
            {
              // the console's one list of areas takes each area's routes (which load its pages)
              from: { element: { type: 'web-admin-app', fileInternalPath: 'areas.ts' } },
              allow: {
                to: { element: { type: 'web-admin-feature', fileInternalPath: 'routes.ts' } },
              },
            },
            {
              // the site's router maps over that list, with the shell's pages (app/routes.ts;
              // the shell and every page load lazily)
              from: { element: { type: 'web-shell' } },
              allow: { to: { element: { type: 'web-admin-app', fileInternalPath: 'routes.ts' } } },
            },
          ],
        },
      ],
    },
  },
);
