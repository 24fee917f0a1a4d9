// The studio's imports (issue 39, docs/decisions/053-import-and-export.md): each upload becomes a job
// kept in this process's memory, keyed by a random id, with its files in a temp folder of its own.
// In memory because on PGlite the import's one transaction holds the only connection: nothing could
// record progress in the database while it runs, and the import runs in this process anyway. A
// restart forgets the jobs (an import cut short by one wrote nothing: it was one transaction).
import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { importMessages, type ImportJobState } from '#kernel/import-rules.ts';
import { AppError } from '../../errors.ts';
import { ImportError } from './import-errors.ts';
import type { ImportPreview, ImportReport, ImportService } from './import.service.ts';
import { openPictureSource } from './picture-source.ts';

/** A job previewed and never started is forgotten (its files removed) after this long. */
const UNSTARTED_TTL_MS = 60 * 60 * 1000;
/** Finished jobs kept for their screen (reloads, a second tab): the newest ones. */
const FINISHED_KEPT = 20;

export interface ImportJobView {
  id: string;
  state: ImportJobState;
  /** Items written out of those to write (0 of n while the pictures are stored). */
  done: number;
  total: number;
  fileName: string;
  preview: ImportPreview;
  report: ImportReport | null;
  error: string | null;
}

interface Job extends ImportJobView {
  dir: string;
  exportFile: string;
  picturesFile: string | null;
  abort: AbortController;
  expiry: NodeJS.Timeout | null;
  finishedAt: number;
}

export interface UploadedFile {
  name: string;
  bytes: Uint8Array;
}

/** A name safe to keep in the temp folder: the export's own (a Markdown zip's name is its source's). */
function safeName(name: string): string {
  return (
    path
      .basename(name)
      .replace(/[^\w.-]+/g, '_')
      .slice(-100) || 'export'
  );
}

export class ImportJobs {
  private readonly jobs = new Map<string, Job>();

  constructor(private readonly service: ImportService) {}

  /** Keeps the files, previews them (a refusal removes them), and answers the job. */
  async create(exportFile: UploadedFile, pictures: UploadedFile | null): Promise<ImportJobView> {
    const dir = await mkdtemp(path.join(tmpdir(), 'blog-import-'));
    try {
      // Each in a folder of its own, so no export's name can be the pictures' file.
      await mkdir(path.join(dir, 'export'));
      const file = path.join(dir, 'export', safeName(exportFile.name));
      await writeFile(file, exportFile.bytes);
      let picturesFile: string | null = null;
      if (pictures) {
        await mkdir(path.join(dir, 'pictures'));
        picturesFile = path.join(dir, 'pictures', 'pictures.zip');
        await writeFile(picturesFile, pictures.bytes);
      }
      const preview = await this.withPictures(picturesFile, (source) =>
        this.service.preview(file, { pictures: source }),
      );
      const job: Job = {
        id: randomUUID(),
        state: 'previewed',
        done: 0,
        total: preview.posts + preview.pages,
        fileName: exportFile.name,
        preview,
        report: null,
        error: null,
        dir,
        exportFile: file,
        picturesFile,
        abort: new AbortController(),
        expiry: null,
        finishedAt: 0,
      };
      job.expiry = setTimeout(() => void this.finish(job, 'cancelled', null), UNSTARTED_TTL_MS);
      job.expiry.unref();
      this.jobs.set(job.id, job);
      return view(job);
    } catch (error) {
      await rm(dir, { recursive: true, force: true });
      throw error;
    }
  }

  get(id: string): ImportJobView {
    return view(this.find(id));
  }

  /** Starts the import in the background with the author's mapping; its progress is the job's. */
  start(id: string, mapping: Record<string, string>, fallbackCategory: string | null): ImportJobView {
    const job = this.find(id);
    if (job.state !== 'previewed') throw new AppError('CONFLICT', importMessages.jobStarted);
    if (job.expiry) clearTimeout(job.expiry);
    job.state = 'running';
    void this.withPictures(job.picturesFile, (pictures) =>
      this.service.run(job.exportFile, {
        pictures,
        mapping,
        fallbackCategory,
        signal: job.abort.signal,
        onProgress: (done, total) => {
          job.done = done;
          job.total = total;
        },
      }),
    ).then(
      (report) => this.finish(job, 'done', report),
      (error: unknown) => {
        if (job.abort.signal.aborted) return this.finish(job, 'cancelled', null);
        if (error instanceof AppError) return this.finish(job, 'failed', null, error.message);
        console.error(`The import ${job.id} failed:`, error);
        return this.finish(job, 'failed', null, 'The import failed on the server: nothing was written');
      },
    );
    return view(job);
  }

  /** Stops a running import (it rolls back) or forgets one not started. */
  async cancel(id: string): Promise<ImportJobView> {
    const job = this.find(id);
    if (job.state === 'previewed') await this.finish(job, 'cancelled', null);
    else if (job.state === 'running') job.abort.abort();
    else if (job.state !== 'cancelled') throw new AppError('CONFLICT', importMessages.jobFinished);
    return view(job);
  }

  private find(id: string): Job {
    const job = this.jobs.get(id);
    if (!job) throw new AppError('NOT_FOUND', importMessages.jobNotFound);
    return job;
  }

  private async withPictures<T>(
    file: string | null,
    run: (pictures: Awaited<ReturnType<typeof openPictureSource>> | undefined) => Promise<T>,
  ): Promise<T> {
    if (!file) return run(undefined);
    let source;
    try {
      source = await openPictureSource(file);
    } catch (error) {
      throw error instanceof AppError ? error : new ImportError(importMessages.picturesNotZip);
    }
    try {
      return await run(source);
    } finally {
      await source.close();
    }
  }

  private async finish(job: Job, state: ImportJobState, report: ImportReport | null, error: string | null = null) {
    if (job.expiry) clearTimeout(job.expiry);
    // The files go first: a job seen finished has none left.
    await rm(job.dir, { recursive: true, force: true });
    job.state = state;
    job.report = report;
    job.error = state === 'cancelled' ? importMessages.cancelled : error;
    if (report) job.done = job.total;
    job.finishedAt = Date.now();
    // The oldest finished jobs go; a running or previewed one stays.
    const finished = [...this.jobs.values()]
      .filter((entry) => entry.finishedAt > 0)
      .sort((a, b) => b.finishedAt - a.finishedAt);
    for (const old of finished.slice(FINISHED_KEPT)) this.jobs.delete(old.id);
  }
}

function view(job: Job): ImportJobView {
  const { id, state, done, total, fileName, preview, report, error } = job;
  return { id, state, done, total, fileName, preview, report, error };
}
