// Imports every module's schema file (for its side effect on the builder) and builds the schema.
import { lexicographicSortSchema, printSchema } from 'graphql';
import { builder } from './builder.ts';
import './modules/shared/enums.schema.ts';
import './modules/site/site.schema.ts';
import './modules/site/memory.schema.ts';
import './modules/media/media.schema.ts';
import './modules/user/user.schema.ts';
import './modules/post/post.schema.ts';
import './modules/post/post-revision.schema.ts';
import './modules/subscribers/post-delivery.schema.ts';
import './modules/upcoming/upcoming.schema.ts';
import './modules/page/page.schema.ts';
import './modules/tag/tag.schema.ts';
import './modules/redirects/redirect.schema.ts';
import './modules/menus/menu.schema.ts';
import './modules/comments/comment.schema.ts';
import './modules/shelf/shelf.schema.ts';
import './modules/subscribers/subscriber.schema.ts';
import './modules/subscribers/subscribers-admin.schema.ts';

export const schema = builder.toSchema();

/** The SDL committed as schema.graphql; sorted so that moving code around changes nothing. */
export function printSchemaSdl(): string {
  return `${printSchema(lexicographicSortSchema(schema))}\n`;
}
