// REST doors to the shelf (issue 41), over the same service as GraphQL: /api/shelf lists (with the
// filters as query parameters), /api/shelf/{slug} reads one, and the admin writes with JSON bodies,
// exports (/api/shelf/export?format=csv or json) and imports (/api/shelf/import).
import { AppError } from '../../errors.ts';
import type { Api } from '../../http/rest-router.ts';
import { jsonBody } from '../../http/rest-router.ts';
import type { Services } from '../../services.ts';
import { isCategory, type CategoryValue } from '#kernel/post-rules.ts';
import { isShelfStatus, shelfMessages, type ShelfStatusValue } from '#kernel/shelf-rules.ts';
import { requireAdmin } from '../auth/permissions.ts';
import { imageJson } from '../media/image-json.ts';
import type { ImageUrls } from '../media/image-urls.ts';
import { shelfCsv, shelfJson } from './shelf-export.ts';
import { importShelf, SHELF_IMPORT_FORMATS, type ShelfImportFormat } from './shelf-import.ts';
import { SHELF_SORTS, type ShelfItemInput, type ShelfItemWithImage, type ShelfSort } from './shelf.service.ts';

export function shelfItemJson(item: ShelfItemWithImage, urls: ImageUrls) {
  return {
    id: item.id,
    kind: item.kind,
    title: item.title,
    slug: item.slug,
    creator: item.creator,
    year: item.year,
    image: item.image ? imageJson(item.image, urls) : null,
    imageAlt: item.imageAlt,
    status: item.status,
    progress: item.progress,
    progressTotal: item.progressTotal,
    rating: item.ratingHalves === null ? null : item.ratingHalves / 2,
    startedOn: item.startedOn?.toISOString().slice(0, 10) ?? null,
    finishedOn: item.finishedOn?.toISOString().slice(0, 10) ?? null,
    notes: item.notes,
    links: item.links,
    tags: item.tags,
    updatedAt: item.updatedAt.toISOString(),
  };
}

/** A query parameter that must be one of `allowed` when given. */
function oneOf<T extends string>(value: string | undefined, name: string, allowed: (v: string) => boolean): T | null {
  if (value === undefined || value === '') return null;
  if (!allowed(value)) throw new AppError('BAD_USER_INPUT', `${name} is not one the shelf knows`);
  return value as T;
}

function numberParam(value: string | undefined, name: string): number | null {
  if (value === undefined || value === '') return null;
  if (!/^\d+(\.\d+)?$/.test(value)) throw new AppError('BAD_USER_INPUT', `${name} must be a number`);
  return Number(value);
}

/** A JSON body's fields as the service takes them: only the known ones, cover files aside (GraphQL takes those). */
function inputOf(body: Record<string, unknown>): ShelfItemInput {
  const keys = [
    'kind',
    'title',
    'slug',
    'creator',
    'year',
    'status',
    'progress',
    'progressTotal',
    'rating',
    'startedOn',
    'finishedOn',
    'notes',
    'links',
    'tags',
    'imageAlt',
    'focusX',
    'focusY',
    'removeImage',
  ] as const;
  return Object.fromEntries(keys.filter((key) => key in body).map((key) => [key, body[key]])) as ShelfItemInput;
}

export function registerShelfRoutes(api: Api, services: Services): void {
  const json = (item: ShelfItemWithImage) => shelfItemJson(item, services.imageUrls);

  api.get('/shelf', async (c) => {
    const page = await services.shelf.list({
      kind: oneOf<CategoryValue>(c.req.query('kind'), 'kind', isCategory),
      status: oneOf<ShelfStatusValue>(c.req.query('status'), 'status', isShelfStatus),
      year: numberParam(c.req.query('year'), 'year'),
      minRating: numberParam(c.req.query('minRating'), 'minRating'),
      tag: c.req.query('tag') ?? null,
      sort: oneOf<ShelfSort>(c.req.query('sort'), 'sort', (v) => (SHELF_SORTS as readonly string[]).includes(v)),
      page: numberParam(c.req.query('page'), 'page'),
    });
    return c.json({ ...page, items: page.items.map(json) });
  });

  // /shelf/export?format=csv|json (the admin's): answered here, since a fixed path beside a
  // parameter's cannot be routed by the RegExpRouter; "export" is no item's slug (the service refuses it).
  api.get('/shelf/:id', async (c) => {
    if (c.req.param('id') === 'export') {
      requireAdmin(c.get('context').viewer);
      const items = await services.shelf.all();
      const asJson = c.req.query('format') === 'json';
      return c.body(asJson ? shelfJson(items) : shelfCsv(items), 200, {
        'content-type': asJson ? 'application/json; charset=utf-8' : 'text/csv; charset=utf-8',
        'content-disposition': `attachment; filename="shelf.${asJson ? 'json' : 'csv'}"`,
      });
    }
    const item = await services.shelf.bySlug(c.req.param('id'));
    if (!item) throw new AppError('NOT_FOUND', shelfMessages.notFound);
    const posts = await services.shelf.postsOf(item.id);
    return c.json({ ...json(item), posts: posts.map((post) => ({ id: post.id, slug: post.slug, title: post.title })) });
  });

  api.post('/shelf', async (c) => {
    requireAdmin(c.get('context').viewer);
    return c.json(json(await services.shelf.create(inputOf(await jsonBody(c)))), 201);
  });

  api.put('/shelf/:id', async (c) => {
    requireAdmin(c.get('context').viewer);
    return c.json(json(await services.shelf.update(c.req.param('id'), inputOf(await jsonBody(c)))));
  });

  api.delete('/shelf/:id', async (c) => {
    requireAdmin(c.get('context').viewer);
    await services.shelf.delete(c.req.param('id'));
    return c.json({ message: 'Shelf item has been deleted' });
  });

  /** { format: goodreads | myanimelist | csv, text, dryRun (default true), mapping: { field: column } } */
  api.post('/shelf/import', async (c) => {
    requireAdmin(c.get('context').viewer);
    const body = await jsonBody(c);
    const format = body['format'];
    if (typeof format !== 'string' || !(SHELF_IMPORT_FORMATS as readonly string[]).includes(format)) {
      throw new AppError('BAD_USER_INPUT', `format must be one of ${SHELF_IMPORT_FORMATS.join(', ')}`);
    }
    if (typeof body['text'] !== 'string') throw new AppError('BAD_USER_INPUT', 'text must be the file as text');
    const mapping = body['mapping'];
    return c.json(
      await importShelf(services.shelf, {
        format: format as ShelfImportFormat,
        text: body['text'],
        dryRun: body['dryRun'] !== false,
        mapping: typeof mapping === 'object' && mapping !== null ? (mapping as Record<string, string>) : null,
      }),
    );
  });
}
