// Serves stored images. Their names are server-generated and never reused, so a year of caching is
// safe; nosniff stops a browser from reading them as anything but the image type they are.
import { mkdirSync } from 'node:fs';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Hono } from 'hono';

export function mountUploads(app: Hono, uploadsDir: string): void {
  // Created up front: the folder holds every image, and serving from a missing one only warns.
  mkdirSync(uploadsDir, { recursive: true });
  app.use('/uploads/*', async (c, next) => {
    await next();
    c.res.headers.set('X-Content-Type-Options', 'nosniff');
    if (c.res.ok) c.res.headers.set('Cache-Control', 'public, max-age=31536000, immutable');
  });
  app.use('/uploads/*', serveStatic({ root: uploadsDir, rewriteRequestPath: (p) => p.replace(/^\/uploads/, '') }));
  app.get('/uploads/*', (c) => c.text('Not found', 404));
}
