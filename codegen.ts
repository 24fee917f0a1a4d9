// Typed documents for the client: every gql`` in client/src is checked against the committed
// schema.graphql and turned into typed nodes in client/src/gql (generated, never committed).
import type { CodegenConfig } from '@graphql-codegen/cli';

const config: CodegenConfig = {
  schema: 'schema.graphql',
  documents: ['client/src/**/*.{ts,tsx}', '!client/src/gql/**/*'],
  ignoreNoDocuments: true,
  generates: {
    'client/src/gql/': {
      preset: 'client',
      presetConfig: { fragmentMasking: { unmaskFunctionName: 'getFragmentData' } },
      config: { useTypeImports: true, enumsAsTypes: true, scalars: { DateTime: 'string', File: 'File' } },
    },
  },
};

export default config;
