import { readdirSync } from 'node:fs'
import js from '@eslint/js'
import reactHooks from 'eslint-plugin-react-hooks'
import { defineConfig, globalIgnores } from 'eslint/config'
import globals from 'globals'
import tseslint from 'typescript-eslint'

// Dependency direction (bulletproof-react): shared code → features → app.
// Shared folders may not import features or the app; a feature may not import
// the app or another feature.
const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)

const restrict = (patterns) => ({ 'no-restricted-imports': ['error', { patterns }] })

const sharedFolders = ['components', 'config', 'hooks', 'lib', 'testing'].map((dir) => `src/${dir}/**`)

export default defineConfig([
  globalIgnores(['dist', 'coverage', 'playwright-report', 'test-results', 'node_modules']),
  {
    files: ['**/*.{ts,tsx}'],
    extends: [js.configs.recommended, tseslint.configs.recommended, reactHooks.configs.flat.recommended],
    languageOptions: { ecmaVersion: 2023, globals: globals.browser },
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      eqeqeq: ['error', 'always'],
    },
  },
  {
    files: sharedFolders,
    ignores: ['src/testing/**'],
    rules: restrict([
      {
        group: ['@/features/*', '@/app/*', '../features/*', '../app/*'],
        message: 'Shared code must not depend on features or the app.',
      },
    ]),
  },
  ...features.map((feature) => ({
    files: [`src/features/${feature}/**`],
    rules: restrict([
      { group: ['@/app/*'], message: 'Features must not depend on the app layer.' },
      {
        regex: `^(@/features/|(\\.\\./)+features/)(?!${feature}/)`,
        message: 'Features must not import other features; compose them in src/app.',
      },
    ]),
  })),
  // Instants are shown in India time through one module. A date formatter elsewhere would follow the device's
  // zone unless told otherwise; the calendar-date formatters (no zone at all) are the exceptions listed here.
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: [
      'src/**/*.test.{ts,tsx}',
      'src/lib/india-time.ts',
      'src/features/flights/lib/dates.ts',
      'src/features/account/utils/dates.ts',
      'src/features/blog/lib/format.ts',
      'src/features/legal/components/policy-page.tsx',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...[
          "MemberExpression[object.name='Intl'][property.name='DateTimeFormat']",
          'CallExpression[callee.property.name=/^toLocale(Date|Time)String$/]',
        ].map((selector) => ({
          selector,
          message:
            'Show a timestamp with @/lib/india-time (India time, labelled IST); a calendar date with the formatters of @/lib/calendar-date or flights/lib/dates.',
        })),
      ],
    },
  },
  {
    files: ['*.{js,mjs,ts}', 'scripts/**/*.mjs', 'e2e/**/*.ts'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['scripts/**/*.mjs', '*.js'],
    extends: [js.configs.recommended],
    languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: globals.node },
  },
])
