// Imports every module's schema file (for its side effect on the builder) and builds the schema.
import { lexicographicSortSchema, printSchema } from 'graphql';
import { builder } from './builder.ts';
import './modules/site/site.schema.ts';

export const schema = builder.toSchema();

/** The SDL committed as schema.graphql; sorted so that moving code around changes nothing. */
export function printSchemaSdl(): string {
  return `${printSchema(lexicographicSortSchema(schema))}\n`;
}
