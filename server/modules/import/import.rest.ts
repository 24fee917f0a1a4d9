// The studio's import (/admin/import, issue 39), for the site's admin alone (anonymous callers 401,
// readers 403, another site's page gets no grant): POST /api/import with the export (`file`) and,
// optionally, a zip of its pictures (`pictures`) answers the preview and a job id; POST
// /api/import/{id}/start with { mapping, fallbackCategory } starts it; GET /api/import/{id} is its
// progress and result; POST /api/import/{id}/cancel stops it, and it writes nothing (import-jobs.ts).
import { IMPORT_PATH } from '#kernel/route-paths.ts';
import { importMessages, isCategoryTarget } from '#kernel/import-rules.ts';
import { isCategory } from '#kernel/post-rules.ts';
import { formBody, jsonBody, type Api, type ApiContext } from '../../http/rest-router.ts';
import type { Services } from '../../services.ts';
import { requireAdmin } from '../auth/permissions.ts';
import { ImportError } from './import-errors.ts';
import { ImportJobs, type UploadedFile } from './import-jobs.ts';

function adminOnly(c: ApiContext): void {
  c.set('ownSiteOnly', true);
  requireAdmin(c.get('context').viewer);
}

async function uploaded(value: string | File | undefined): Promise<UploadedFile | null> {
  if (value === undefined || typeof value === 'string' || value.size === 0) return null;
  return { name: value.name, bytes: new Uint8Array(await value.arrayBuffer()) };
}

export function registerImportRoutes(api: Api, services: Services): ImportJobs {
  const jobs = new ImportJobs(services.imports);
  const base = IMPORT_PATH.slice('/api'.length);

  api.post(base, async (c) => {
    adminOnly(c);
    const form = await formBody(c);
    const file = await uploaded(form.getAll('file')[0]);
    if (!file) throw new ImportError(importMessages.noExport);
    return c.json(await jobs.create(file, await uploaded(form.getAll('pictures')[0])), 201);
  });

  api.get(`${base}/:id`, (c) => {
    adminOnly(c);
    return c.json(jobs.get(c.req.param('id')));
  });

  api.post(`${base}/:id/start`, async (c) => {
    adminOnly(c);
    const body = await jsonBody(c);
    const mapping = body.mapping ?? {};
    if (typeof mapping !== 'object' || mapping === null || Array.isArray(mapping)) {
      throw new ImportError(importMessages.mapping);
    }
    const entries = Object.entries(mapping as Record<string, unknown>);
    if (entries.some(([, target]) => typeof target !== 'string' || !isCategoryTarget(target))) {
      throw new ImportError(importMessages.mapping);
    }
    const fallback = body.fallbackCategory ?? null;
    if (fallback !== null && (typeof fallback !== 'string' || !isCategory(fallback))) {
      throw new ImportError(importMessages.mapping);
    }
    return c.json(jobs.start(c.req.param('id'), Object.fromEntries(entries) as Record<string, string>, fallback), 202);
  });

  api.post(`${base}/:id/cancel`, async (c) => {
    adminOnly(c);
    return c.json(await jobs.cancel(c.req.param('id')));
  });

  return jobs;
}
