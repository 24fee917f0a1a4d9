// The studio's subscribers as files (issue 40, item 5), for the site's admin alone (anonymous callers
// 401, readers 403, another site's page gets no grant to read them): GET /api/subscribers.csv, every
// subscriber; POST /api/subscribers/import with a CSV (`file`), its preview, and with `apply=1`, its
// import. The same file is sent twice rather than kept between the two: nothing waits on the server.
import {
  SUBSCRIBERS_CSV_PATH,
  SUBSCRIBERS_IMPORT_PATH,
  subscriberAdminMessages,
} from '#kernel/subscriber-admin-rules.ts';
import { AppError } from '../../errors.ts';
import { formBody, type Api, type ApiContext } from '../../http/rest-router.ts';
import type { Services } from '../../services.ts';
import { requireAdmin } from '../auth/permissions.ts';

function adminOnly(c: ApiContext): void {
  c.set('ownSiteOnly', true);
  requireAdmin(c.get('context').viewer);
}

export function registerSubscriberAdminRoutes(api: Api, services: Services): void {
  api.get(SUBSCRIBERS_CSV_PATH.slice('/api'.length), (c) => {
    adminOnly(c);
    const day = new Date().toISOString().slice(0, 10);
    const lines = services.subscriberAdmin.csvLines();
    const encoder = new TextEncoder();
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        const next = await lines.next();
        if (next.done) controller.close();
        else controller.enqueue(encoder.encode(next.value));
      },
    });
    return new Response(body, {
      headers: {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="subscribers-${day}.csv"`,
        'Cache-Control': 'no-store',
      },
    });
  });

  api.post(SUBSCRIBERS_IMPORT_PATH.slice('/api'.length), async (c) => {
    adminOnly(c);
    const form = await formBody(c);
    const file = form.getAll('file')[0];
    if (file === undefined || typeof file === 'string' || file.size === 0) {
      throw new AppError('BAD_USER_INPUT', subscriberAdminMessages.noFile);
    }
    const apply = form.text('apply') === '1';
    return c.json(await services.subscriberAdmin.importCsv(new Uint8Array(await file.arrayBuffer()), apply));
  });
}
