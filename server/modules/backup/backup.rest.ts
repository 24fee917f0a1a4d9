// GET /api/backup: the whole site as `npm run export` writes it, for its admin (the studio's
// "Download a backup") and for `npm run export` run beside a server that holds the embedded
// database (with the token running-server.ts records). Streamed as it is written: the archive is
// never held whole in memory. Nobody else gets it: anonymous callers 401, readers 403, and another
// site's page is anonymous here (origin-policy.ts) and is given no CORS grant to read it with.
import { PassThrough, Readable } from 'node:stream';
import { BACKUP_PATH } from '#kernel/route-paths.ts';
import type { Database } from '../../db/database.ts';
import type { Api } from '../../http/rest-router.ts';
import { requireAdmin } from '../auth/permissions.ts';
import type { ImageStorage } from '../media/image-storage.ts';
import { writeBackup } from './site-backup.ts';
import { carriesBackupToken } from './running-server.ts';
import { tarGzWriterInto } from './tar-archive.ts';

/** The name a download is saved under: the day it was made, so backups sort and never overwrite. */
export function backupFileName(now = new Date()): string {
  return `blog-backup-${now.toISOString().slice(0, 10)}.tar.gz`;
}

export function registerBackupRoutes(
  api: Api,
  options: { db: Database; storage: ImageStorage; backupToken: string | undefined },
): void {
  const { db, storage, backupToken } = options;
  api.get(BACKUP_PATH.slice('/api'.length), async (c) => {
    c.set('ownSiteOnly', true);
    if (!carriesBackupToken(c.req.raw, backupToken)) requireAdmin(c.get('context').viewer);
    // Answered once the snapshot is taken, so a failure before it is an error response, not a
    // download; one after it cuts the download short, which the browser and the script both report.
    return new Promise<Response>((resolve, reject) => {
      let started = false;
      writeBackup({
        db,
        storage,
        start: () => {
          const body = new PassThrough();
          started = true;
          resolve(
            new Response(Readable.toWeb(body) as ReadableStream<Uint8Array>, {
              headers: {
                'Content-Type': 'application/gzip',
                'Content-Disposition': `attachment; filename="${backupFileName()}"`,
                'Cache-Control': 'no-store',
              },
            }),
          );
          return tarGzWriterInto(body);
        },
      }).catch((error: unknown) => {
        if (!started) reject(error);
        // The reader gone midway (a cancelled download) is not the server's fault.
        else if ((error as NodeJS.ErrnoException).code !== 'ERR_STREAM_PREMATURE_CLOSE') {
          console.error('A backup download failed after it had started:', error);
        }
      });
    });
  });
}
