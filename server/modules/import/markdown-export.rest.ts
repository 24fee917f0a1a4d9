// GET /api/export/markdown: the site as Markdown (markdown-export.ts), for its admin: the studio's
// "Download as Markdown" beside the backup. Streamed as the zip is written; anonymous callers 401,
// readers 403, and another site's page gets no grant to read it (ownSiteOnly, as the backup).
import { PassThrough, Readable } from 'node:stream';
import { MARKDOWN_EXPORT_PATH } from '#kernel/route-paths.ts';
import type { Api } from '../../http/rest-router.ts';
import type { Services } from '../../services.ts';
import type { PrismaClient } from '../../generated/prisma/client.ts';
import { requireAdmin } from '../auth/permissions.ts';
import { exportMarkdown, markdownExportFileName } from './markdown-export.ts';

export function registerMarkdownExportRoute(api: Api, prisma: PrismaClient, services: Services): void {
  api.get(MARKDOWN_EXPORT_PATH.slice('/api'.length), (c) => {
    c.set('ownSiteOnly', true);
    requireAdmin(c.get('context').viewer);
    const body = new PassThrough();
    exportMarkdown(prisma, services.images, body).catch((error: unknown) => {
      // The download is cut short, which the browser reports; the cause is the server's to know.
      console.error('A Markdown export failed after it had started:', error);
      body.destroy(error as Error);
    });
    return new Response(Readable.toWeb(body) as ReadableStream<Uint8Array>, {
      headers: {
        'Content-Type': 'application/zip',
        'Content-Disposition': `attachment; filename="${markdownExportFileName()}"`,
        'Cache-Control': 'no-store',
      },
    });
  });
}
