// Lint: typescript-eslint's recommended rules everywhere, React's hook rules in the client.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/', 'data/', 'coverage/', 'node_modules/', '.cache/', 'server/generated/', 'client/src/gql/'] },
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
);
