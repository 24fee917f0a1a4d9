// Typed documents: every graphql(`...`) in client/src, and in the server tests' support files, is
// checked against the committed schema.graphql and turned into typed nodes in client/src/gql and
// tests/gql (generated, never committed). A field the schema lacks fails `npm run generate`, and a
// wrong variable or result fails the typecheck.
import type { CodegenConfig } from '@graphql-codegen/cli';

const config: CodegenConfig = {
  schema: 'schema.graphql',
  ignoreNoDocuments: true,
  generates: {
    'client/src/gql/': {
      documents: ['client/src/**/*.{ts,tsx}', '!client/src/gql/**/*'],
      preset: 'client',
      presetConfig: { fragmentMasking: { unmaskFunctionName: 'getFragmentData' } },
      config: { useTypeImports: true, enumsAsTypes: true, scalars: { DateTime: 'string', File: 'File' } },
    },
    'tests/gql/': {
      documents: ['tests/support/**/*.ts'],
      preset: 'client',
      presetConfig: { fragmentMasking: false },
      config: { useTypeImports: true, enumsAsTypes: true, scalars: { DateTime: 'string', File: 'File' } },
    },
  },
};

export default config;
