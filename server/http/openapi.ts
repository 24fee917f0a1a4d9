// The OpenAPI 3.1 description of the REST facade, served at /api/openapi.json. A test checks that it
// lists exactly the routes the server answers, so it cannot drift from the code.
import type { Config } from '../config.ts';
import { CATEGORIES, LATEST_COUNT, MAX_PAGE, PAGE_SIZE, POST_TEXT_MAX } from '#kernel/post-rules.ts';
import { KEYWORD_MAX, KEYWORD_PATTERN } from '#kernel/search-rules.ts';
import { SHELF_IMPORT_FORMATS, SHELF_PAGE_SIZE, SHELF_STATUSES } from '#kernel/shelf-rules.ts';
import { SUBSCRIBERS_CSV_PATH, SUBSCRIBERS_IMPORT_PATH } from '#kernel/subscriber-admin-rules.ts';
import { UPCOMING_TITLES } from '#kernel/upcoming-rules.ts';
import { EXCERPT_WORDS, WORDS_PER_MINUTE } from '#kernel/reading-rules.ts';
import { PASSWORD_MIN, RECENT_SIGN_IN_MS } from '#kernel/user-rules.ts';

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const STRING = { type: 'string' } as const;
const INTEGER = { type: 'integer' } as const;
/** An object schema whose properties are all required (the answers' shapes: every field is always sent). */
const allRequired = (properties: Record<string, object>) => ({
  type: 'object',
  required: Object.keys(properties),
  properties,
});
const json = (schema: object) => ({ content: { 'application/json': { schema } } });
const error = (description: string) => ({ description, ...json(ref('Error')) });
const pageQuery = (name: string) => ({
  name,
  in: 'query',
  required: false,
  description: 'One-based page number; absent means 1',
  schema: { type: 'integer', minimum: 1, maximum: MAX_PAGE },
});
const idPath = { name: 'id', in: 'path', required: true, schema: STRING };
const adminOnly = {
  '401': error('No valid session (message: Not authorized)'),
  '403': error('Signed in, but not an admin'),
};

/** The studio's import job (server/modules/import/import-jobs.ts ImportJobView). */
const IMPORT_JOB = {
  type: 'object',
  properties: {
    id: STRING,
    state: { type: 'string', enum: ['previewed', 'running', 'done', 'failed', 'cancelled'] },
    done: INTEGER,
    total: INTEGER,
    fileName: STRING,
    preview: { type: 'object' },
    report: { type: ['object', 'null'] },
    error: { type: ['string', 'null'] },
  },
};

/** A multipart/form-data request body with these fields. */
const multipartBody = (properties: Record<string, object>, required?: string[]) => ({
  content: { 'multipart/form-data': { schema: { type: 'object', ...(required ? { required } : {}), properties } } },
});

/** An admin's request about one import job (/api/import/{id}...): these answers, or 401, 403, 404. */
const importJobRoute = (summary: string, responses: Record<string, object>) => ({
  summary,
  security: [{ session: [] }],
  parameters: [idPath],
  responses: { ...responses, ...adminOnly, '404': error('No such import') },
});

/** A file only the admin may download (the backup, the Markdown export). */
function adminDownload(summary: string, description: string, type: string) {
  return {
    summary,
    security: [{ session: [] }],
    responses: {
      '200': { description, content: { [type]: { schema: { type: 'string', format: 'binary' } } } },
      ...adminOnly,
    },
  };
}

/** What a write carrying an image may be refused for. */
const imageUploadErrors = {
  '413': error('Too large'),
  '415': error('Not a JPEG, PNG or WebP image'),
};
/** An admin's DELETE of /{id}: the message it answers, or 404 with notFound. */
const adminDelete = (summary: string, deleted: string, notFound: string) => ({
  summary,
  security: [{ session: [] }],
  parameters: [idPath],
  responses: { '200': { description: deleted, ...json(ref('Message')) }, ...adminOnly, '404': error(notFound) },
});
const postFields = {
  title: { type: 'string', maxLength: POST_TEXT_MAX },
  subtitle: { type: 'string', maxLength: POST_TEXT_MAX },
  content: {
    type: 'string',
    description:
      "HTML; sanitized on the server. Read as the original client's editor (Quill 1.3.7) writes it, or as the site's; " +
      'answered as Quill writes it: ql-align-*, ql-indent-N (a list item: its depth in one flat list), <pre class="ql-syntax">',
  },
  category: { type: 'string', enum: [...CATEGORIES] },
};
const categoryList = (param: string, category: string) => ({
  get: {
    summary: `Posts in the ${category} category, newest first, ${PAGE_SIZE} a page`,
    parameters: [pageQuery(param)],
    responses: { '200': { description: 'A page', ...json(ref('PostPage')) }, '400': error('Bad page number') },
  },
});

export function openApiDocument(config: Pick<Config, 'siteName' | 'siteUrl'>) {
  return {
    openapi: '3.1.0',
    info: {
      title: `${config.siteName} REST API`,
      version: '1.0.0',
      description:
        'The REST facade over the same services as GraphQL (/graphql). Sign in with POST /api/users/login; the session travels in an HttpOnly cookie.',
    },
    servers: [{ url: config.siteUrl }],
    components: {
      securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'session' } },
      schemas: {
        Error: {
          type: 'object',
          required: ['message'],
          properties: {
            message: STRING,
            fieldErrors: { type: 'object', additionalProperties: STRING },
          },
        },
        UserInfo: allRequired({ _id: STRING, name: STRING, email: STRING, isAdmin: { type: 'boolean' } }),
        Image: allRequired({ url: STRING, width: INTEGER, height: INTEGER, srcset: STRING }),
        Post: allRequired({
          _id: STRING,
          ...postFields,
          excerpt: {
            type: 'string',
            description: `The first ${EXCERPT_WORDS} words of the content's text, '…' when cut`,
          },
          readingMinutes: { type: 'integer', minimum: 1, description: `At ${WORDS_PER_MINUTE} words a minute` },
          image: ref('Image'),
          createdAt: { type: 'string', format: 'date-time' },
          updatedAt: { type: 'string', format: 'date-time' },
          tags: {
            type: 'array',
            description: "Its tags, in the author's order; each lists its posts at /tag/{slug}",
            items: allRequired({ name: STRING, slug: STRING }),
          },
        }),
        PostPage: allRequired({ blogpostDocs: { type: 'array', items: ref('Post') }, page: INTEGER, pages: INTEGER }),
        Card: allRequired({
          _id: STRING,
          title: { type: 'string', enum: [...UPCOMING_TITLES] },
          subtitle: STRING,
          image: ref('Image'),
        }),
        Message: allRequired({ message: STRING }),
        Comment: allRequired({
          _id: STRING,
          parentId: { type: ['string', 'null'] },
          name: STRING,
          website: { type: ['string', 'null'] },
          text: STRING,
          isAuthor: { type: 'boolean' },
          pending: { type: 'boolean' },
          createdAt: { type: 'string', format: 'date-time' },
        }),
        // Issue 41: a shelf item as GET /api/shelf answers it (server/modules/shelf/shelf.rest.ts).
        ShelfItem: allRequired({
          id: STRING,
          kind: { type: 'string', enum: [...CATEGORIES] },
          title: STRING,
          slug: STRING,
          creator: STRING,
          year: { type: ['integer', 'null'] },
          image: { oneOf: [ref('Image'), { type: 'null' }] },
          imageAlt: STRING,
          status: { type: 'string', enum: [...SHELF_STATUSES] },
          progress: INTEGER,
          progressTotal: { type: ['integer', 'null'] },
          rating: { type: ['number', 'null'], minimum: 0.5, maximum: 5, description: 'Half stars' },
          startedOn: { type: ['string', 'null'], format: 'date' },
          finishedOn: { type: ['string', 'null'], format: 'date' },
          notes: { type: 'string', description: 'Sanitized HTML' },
          links: { type: 'array', items: allRequired({ label: STRING, url: STRING }) },
          tags: { type: 'array', items: STRING },
          updatedAt: { type: 'string', format: 'date-time' },
        }),
        PostForm: {
          type: 'object',
          properties: { ...postFields, image: { type: 'string', format: 'binary', description: 'JPEG, PNG or WebP' } },
        },
      },
    },
    paths: {
      '/api/openapi.json': { get: { summary: 'This document', responses: { '200': { description: 'OpenAPI 3.1' } } } },
      '/api/users/login': {
        post: {
          summary: 'Sign in; sets the session cookie',
          requestBody: json(allRequired({ email: STRING, password: STRING })),
          responses: {
            '200': { description: 'Signed in', ...json(ref('UserInfo')) },
            '400': error('Invalid input'),
            '401': error('Invalid email or password'),
            '429': error('Too many attempts; see Retry-After'),
          },
        },
      },
      '/api/users': {
        post: {
          summary:
            'Register a (non-admin) account, unless the email has one; the same answer either way, and nobody is signed in',
          requestBody: json(
            allRequired({ name: STRING, email: STRING, password: { type: 'string', minLength: PASSWORD_MIN } }),
          ),
          responses: {
            '202': {
              description: 'Received: sign in next (also when the email already had an account)',
              ...json(ref('Message')),
            },
            '400': error('Invalid input'),
            '403': error('Registration is closed on this site (REGISTRATION=closed, the default)'),
            '429': error('Too many registrations from this address; see Retry-After'),
          },
        },
      },
      '/api/users/logout': {
        post: {
          summary: 'End the session and clear its cookie',
          responses: { '200': { description: 'Logged out', ...json(ref('Message')) } },
        },
      },
      '/api/users/profile': {
        get: {
          summary: "The caller's user info",
          security: [{ session: [] }],
          responses: { '200': { description: 'User info', ...json(ref('UserInfo')) }, '401': error('Not authorized') },
        },
        put: {
          summary:
            "Update the caller's profile; an empty password keeps the current one. A new email or password needs " +
            `currentPassword, unless the session signed in less than ${RECENT_SIGN_IN_MS / 60_000} minutes ago`,
          security: [{ session: [] }],
          requestBody: json({
            type: 'object',
            properties: {
              name: STRING,
              email: STRING,
              password: STRING,
              currentPassword: STRING,
            },
          }),
          responses: {
            '200': { description: 'Updated', ...json(ref('UserInfo')) },
            '400': error('Invalid input, User already exists, or Current password is incorrect'),
            '401': error('Not authorized'),
            '403': error('Confirm your current password to change your e-mail or password'),
            '429': error('Too many login attempts (wrong current passwords); see Retry-After'),
          },
        },
      },
      '/api/blogposts': {
        get: {
          summary: `Posts, newest first (or by relevance with a keyword), ${PAGE_SIZE} a page`,
          parameters: [
            pageQuery('pageNumber'),
            {
              name: 'keyword',
              in: 'query',
              required: false,
              schema: { type: 'string', pattern: KEYWORD_PATTERN.source, maxLength: KEYWORD_MAX },
            },
          ],
          responses: {
            '200': { description: 'A page', ...json(ref('PostPage')) },
            '400': error('Bad page number or keyword'),
          },
        },
        post: {
          summary: 'Create a post',
          security: [{ session: [] }],
          requestBody: { content: { 'multipart/form-data': { schema: ref('PostForm') } } },
          responses: {
            '201': { description: 'Created', ...json(ref('Post')) },
            '400': error('Invalid input'),
            ...adminOnly,
            ...imageUploadErrors,
          },
        },
      },
      '/api/blogposts/latest': {
        get: {
          summary: `The ${LATEST_COUNT} newest posts`,
          responses: { '200': { description: 'Posts', ...json({ type: 'array', items: ref('Post') }) } },
        },
      },
      '/api/blogposts/anime': categoryList('pageNumberAnim', 'anime'),
      '/api/blogposts/books': categoryList('pageNumberBook', 'book'),
      '/api/blogposts/games': categoryList('pageNumberGame', 'game'),
      '/api/blogposts/tv': categoryList('pageNumberTV', 'tv'),
      '/api/blogposts/{id}': {
        get: {
          summary: 'One post',
          parameters: [idPath],
          responses: { '200': { description: 'The post', ...json(ref('Post')) }, '404': error('Blogpost not found') },
        },
        put: {
          summary: 'Update a post: JSON without a new image, or multipart with one',
          security: [{ session: [] }],
          parameters: [idPath],
          requestBody: {
            content: {
              'application/json': { schema: ref('PostForm') },
              'multipart/form-data': { schema: ref('PostForm') },
            },
          },
          responses: {
            '200': { description: 'Updated', ...json(ref('Post')) },
            '400': error('Invalid input'),
            ...adminOnly,
            '404': error('Blogpost not found'),
            ...imageUploadErrors,
          },
        },
        delete: adminDelete('Delete a post and its image', 'Blogpost has been deleted', 'Blogpost not found'),
      },
      // Issue 38: a post's comments (docs/decisions/052). No answer ever carries an e-mail.
      '/api/blogposts/{id}/comments': {
        get: {
          summary: "A post's approved comments, oldest first (replies name their parentId)",
          parameters: [idPath],
          responses: {
            '200': { description: 'Comments', ...json({ type: 'array', items: ref('Comment') }) },
            '404': error('No such post'),
          },
        },
        post: {
          summary:
            'Comment on a post; the comment is held for the author (formToken: Post.commentFormToken, at least 3 s old)',
          parameters: [idPath],
          requestBody: json({
            type: 'object',
            required: ['name', 'email', 'text', 'formToken'],
            properties: {
              name: STRING,
              email: { type: 'string', description: 'Never shown and never returned' },
              website: STRING,
              text: STRING,
              parentId: STRING,
              notifyReplies: { type: 'boolean' },
              formToken: STRING,
              homepage: { type: 'string', description: 'Leave empty' },
            },
          }),
          responses: {
            '201': {
              description: 'Held',
              ...json(allRequired({ held: { type: 'boolean' }, message: STRING, comment: ref('Comment') })),
            },
            '400': error('Refused: the message says why'),
            '403': error('Comments are closed on this post.'),
            '404': error('No such post'),
            '409': error('You have already sent this comment.'),
            '429': error('Too many comments in a short time.'),
          },
        },
      },
      // Issue 41: the shelf (docs/decisions/055-the-shelf.md); writes are the admin's.
      '/api/shelf': {
        get: {
          summary: `Shelf items, filtered (kind, status, year, minRating, tag), sorted (sort), ${SHELF_PAGE_SIZE} a page (page)`,
          parameters: ['kind', 'status', 'year', 'minRating', 'tag', 'sort', 'page'].map((name) => ({
            name,
            in: 'query',
            required: false,
            schema: STRING,
          })),
          responses: {
            '200': {
              description: 'A page',
              ...json(
                allRequired({
                  items: { type: 'array', items: ref('ShelfItem') },
                  total: INTEGER,
                  page: INTEGER,
                  pages: INTEGER,
                }),
              ),
            },
            '400': error('A filter the shelf does not know'),
          },
        },
        post: {
          summary: 'Add an item (the fields of ShelfItem; rating in half stars as a number)',
          security: [{ session: [] }],
          requestBody: json({ type: 'object', required: ['kind', 'title'] }),
          responses: {
            '201': { description: 'Created', ...json(ref('ShelfItem')) },
            '400': error('Invalid input'),
            ...adminOnly,
          },
        },
      },
      '/api/shelf/{id}': {
        get: {
          summary:
            "An item by its slug, with the posts about it; `export` (the admin's) is the whole shelf as CSV, or JSON with ?format=json",
          parameters: [idPath],
          responses: { '200': { description: 'The item', ...json(ref('ShelfItem')) }, '404': error('No such item') },
        },
        put: {
          summary: 'Change an item: only the fields sent',
          security: [{ session: [] }],
          parameters: [idPath],
          requestBody: json({ type: 'object' }),
          responses: {
            '200': { description: 'Updated', ...json(ref('ShelfItem')) },
            '400': error('Invalid input'),
            ...adminOnly,
            '404': error('No such item'),
          },
        },
        delete: adminDelete('Delete an item', 'Shelf item has been deleted', 'No such item'),
      },
      '/api/shelf/import': {
        post: {
          summary:
            'Preview (dryRun, the default) or make an import into the shelf: a Goodreads CSV, a MyAnimeList XML, or a CSV with a column mapping',
          security: [{ session: [] }],
          requestBody: json({
            type: 'object',
            required: ['format', 'text'],
            properties: {
              format: { type: 'string', enum: [...SHELF_IMPORT_FORMATS] },
              text: STRING,
              dryRun: { type: 'boolean' },
              mapping: { type: 'object', additionalProperties: STRING },
            },
          }),
          responses: {
            '200': { description: 'What was (or would be) imported, row by row' },
            '400': error('Invalid input'),
            ...adminOnly,
          },
        },
      },
      '/api/upcoming': {
        get: {
          summary: "The 'Currently' cards, in the carousel's order (the author's; a new card first)",
          responses: { '200': { description: 'Cards', ...json({ type: 'array', items: ref('Card') }) } },
        },
        post: {
          summary: 'Create a card',
          security: [{ session: [] }],
          requestBody: multipartBody({
            title: { type: 'string', enum: [...UPCOMING_TITLES] },
            subtitle: STRING,
            image: { type: 'string', format: 'binary' },
          }),
          responses: {
            '201': { description: 'Created', ...json(ref('Card')) },
            '400': error('Invalid input'),
            ...adminOnly,
            ...imageUploadErrors,
          },
        },
      },
      '/api/upcoming/{id}': {
        delete: adminDelete('Delete a card and its image', 'Card has been deleted', 'Card not found'),
      },
      '/api/backup': {
        get: adminDownload(
          'The whole site as one archive, which `npm run import` restores (docs/decisions/012-site-backup.md)',
          'A .tar.gz, as an attachment named by the day; streamed, one consistent snapshot',
          'application/gzip',
        ),
      },
      '/api/export/markdown': {
        get: adminDownload(
          'Every post and page as Markdown with front matter, pictures beside them, for Hugo or Astro (docs/decisions/053-import-and-export.md)',
          'A .zip, as an attachment named by the day; streamed',
          'application/zip',
        ),
      },
      // The studio's import (issue 39): a job in the server's memory (server/modules/import/import-jobs.ts).
      '/api/import': {
        post: {
          summary: 'Upload an export (and a zip of its pictures) for a preview: answers the job, previewed',
          security: [{ session: [] }],
          requestBody: multipartBody(
            {
              file: { type: 'string', format: 'binary', description: 'WordPress .xml, Ghost .json or a Markdown zip' },
              pictures: { type: 'string', format: 'binary', description: 'A zip of the pictures' },
            },
            ['file'],
          ),
          responses: {
            '201': { description: 'The job, previewed', ...json(IMPORT_JOB) },
            '400': error('Not an export this site can read, or a bad zip'),
            ...adminOnly,
            '413': error('Too large'),
          },
        },
      },
      '/api/import/{id}': {
        get: importJobRoute("An import's state, progress (done of total) and result", {
          '200': { description: 'The job', ...json(IMPORT_JOB) },
        }),
      },
      '/api/import/{id}/start': {
        post: {
          ...importJobRoute('Start a previewed import with the mapping of its categories', {
            '202': { description: 'The job, running', ...json(IMPORT_JOB) },
            '400': error('A mapping to no known target'),
            '409': error('Already started'),
          }),
          requestBody: {
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  properties: {
                    mapping: {
                      type: 'object',
                      additionalProperties: { type: 'string', enum: ['game', 'tv', 'book', 'anime', 'tag', 'skip'] },
                    },
                    fallbackCategory: { type: ['string', 'null'], enum: ['game', 'tv', 'book', 'anime', null] },
                  },
                },
              },
            },
          },
        },
      },
      '/api/import/{id}/cancel': {
        post: importJobRoute('Stop an import (it writes nothing) or forget a previewed one', {
          '200': { description: 'The job', ...json(IMPORT_JOB) },
          '409': error('Already finished'),
        }),
      },
      // The studio's subscribers (issue 40): server/modules/subscribers/subscribers-admin.rest.ts.
      [SUBSCRIBERS_CSV_PATH]: {
        get: adminDownload(
          'Every subscriber (e-mail, status, dates, where they consented) as CSV (docs/decisions/059-subscribers-in-the-studio.md)',
          'A CSV file, as an attachment named by the day; streamed',
          'text/csv',
        ),
      },
      [SUBSCRIBERS_IMPORT_PATH]: {
        post: {
          summary:
            'Preview, or with apply=1 make, an import of a list of subscribers exported from Ghost, Substack, Mailchimp or any CSV with an e-mail column (imported addresses are confirmed and get no e-mail)',
          security: [{ session: [] }],
          requestBody: multipartBody(
            { file: { type: 'string', format: 'binary' }, apply: { type: 'string', enum: ['1'] } },
            ['file'],
          ),
          responses: {
            '200': {
              description: 'What was (or would be) imported: counts, and the invalid rows with their line numbers',
            },
            '400': error('No file, not a CSV, no e-mail column, or too many rows'),
            '413': error('Over the size limit'),
            ...adminOnly,
          },
        },
      },
    },
  };
}
