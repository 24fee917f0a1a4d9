// Lint: typescript-eslint's recommended rules everywhere, React's hook rules in the client, and the
// import boundaries of docs/decisions/020-kernel-and-boundaries.md.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const features = readdirSync('client/src/features', { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

export default tseslint.config(
  {
    ignores: [
      'dist/',
      'data/',
      'coverage/',
      'node_modules/',
      '.cache/',
      'server/generated/',
      'client/src/gql/',
      'tests/gql/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': 'off',
    },
  },
  {
    files: ['client/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // react-toastify's default and unstyled entries do not share a container: one module owns toasts.
    files: ['client/**/*.{ts,tsx}'],
    ignores: ['client/src/lib/toast.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: ['react-toastify', 'react-toastify/unstyled'].map((name) => ({
            name,
            message: 'Use toast and AppToastContainer from client/src/lib/toast.tsx.',
          })),
        },
      ],
    },
  },
  {
    // Who may import whom: each zone's target may not import from its from.
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      // import-x's TypeScript settings (which files it reads, with which parser), with tsconfig's own resolution.
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver': undefined,
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: 'tsconfig.json' })],
    },
    rules: {
      'import-x/no-cycle': 'error',
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './client', from: './server', message: 'The client reaches the server only through its APIs.' },
            { target: './server', from: './client', message: 'The server never imports client code.' },
            {
              target: './kernel',
              from: ['./server', './client'],
              message: 'The kernel is imported by both sides and imports neither.',
            },
            ...features.map((feature) => ({
              target: `./client/src/features/${feature}`,
              from: './client/src/features',
              except: [`./${feature}`],
              message: 'Features do not import one another: move what they share to components/ or lib/.',
            })),
            {
              target: './server/http',
              from: './server/modules',
              message: 'http/ is plumbing: modules use it, it does not use them.',
            },
            {
              target: './server/modules/auth',
              from: './server/modules/user',
              message: 'Accounts build on sessions, not the other way round: only user -> auth.',
            },
          ],
        },
      ],
    },
  },
  {
    // The kernel runs in the browser and in Node alike: nothing of either, no React, no Prisma.
    files: ['kernel/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^node:', message: 'The kernel runs in the browser too: no Node modules.' },
            { regex: '^(react|react-dom)(/|$)', message: 'The kernel holds no UI.' },
            { regex: '^(@prisma/|prisma$)', message: 'The kernel knows no database.' },
          ],
        },
      ],
      'no-restricted-globals': [
        'error',
        ...['window', 'document', 'navigator', 'localStorage', 'location', 'process', 'Buffer', 'require'].map(
          (name) => ({ name, message: 'The kernel runs on both sides: take what it needs as an argument.' }),
        ),
      ],
    },
  },
);
