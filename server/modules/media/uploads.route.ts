// Serves stored images. Their names are server-generated and never reused, so a year of caching is
// safe; nosniff stops a browser from reading them as anything but the image type they are. Images
// in a bucket are sent on from it with the same headers, so pages need not know where they live.
import { mkdirSync } from 'node:fs';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Hono } from 'hono';
import { DiskImageStorage, IMAGE_CACHE_CONTROL, type ImageStorage } from './image-storage.ts';
import { IMAGE_FILE_PATH } from './image-urls.ts';

export function mountUploads(app: Hono, storage: ImageStorage): void {
  app.use('/uploads/*', async (c, next) => {
    await next();
    c.res.headers.set('X-Content-Type-Options', 'nosniff');
    if (c.res.ok) c.res.headers.set('Cache-Control', IMAGE_CACHE_CONTROL);
  });
  if (storage instanceof DiskImageStorage) {
    // Created up front: the folder holds every image, and serving from a missing one only warns.
    mkdirSync(storage.dir, { recursive: true });
    app.use('/uploads/*', serveStatic({ root: storage.dir, rewriteRequestPath: (p) => p.replace(/^\/uploads/, '') }));
  } else {
    app.get('/uploads/*', async (c, next) => {
      const file = c.req.path.slice('/uploads/'.length);
      // Only names the store gives: nothing else of the bucket is reachable through the site.
      const opened = IMAGE_FILE_PATH.test(file) ? await storage.open(file) : null;
      if (!opened) return next();
      const headers: Record<string, string> = { 'Content-Type': 'image/webp' };
      if (opened.etag) headers.ETag = opened.etag;
      if (opened.lastModified) headers['Last-Modified'] = opened.lastModified.toUTCString();
      if (opened.etag && c.req.header('if-none-match') === opened.etag) {
        await opened.body.cancel();
        return c.body(null, 304, headers);
      }
      if (opened.size !== undefined) headers['Content-Length'] = String(opened.size);
      return c.body(opened.body, 200, headers);
    });
  }
  app.get('/uploads/*', (c) => c.text('Not found', 404));
}
