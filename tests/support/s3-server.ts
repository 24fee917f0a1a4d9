// A real S3-protocol server for the object-storage tests: s3rver, an S3 implementation in Node that
// keeps its buckets in a folder, listening on 127.0.0.1 on a free port. The app talks to it through
// the AWS SDK exactly as it would to AWS S3, R2, MinIO or Garage; nothing is mocked.
import { mkdtempSync, rmSync, utimesSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { S3ImageStorage } from '../../server/modules/media/image-storage.ts';

// s3rver is CommonJS and ships no types.
const S3rver = createRequire(import.meta.url)('s3rver') as new (options: object) => S3rverInstance;
interface S3rverInstance {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
  store: { getResourcePath(bucket: string, key: string, resource: string): string };
}

export interface S3Server {
  /** http://127.0.0.1:port */
  endpoint: string;
  /** What the app's configuration needs to use the bucket (credentials s3rver accepts). */
  env(bucket: string): Record<string, string>;
  /** A storage on one of its buckets, as the app builds it. */
  storage(bucket: string): S3ImageStorage;
  /** The keys in a bucket, sorted. */
  keys(bucket: string): Promise<string[]>;
  /** Dates an object's last change back (as if written then). */
  age(bucket: string, key: string, date: Date): void;
  stop(): Promise<void>;
}

// s3rver accepts these credentials; region and endpoint are read by the SDK from the environment,
// as they would be in production.
const SDK_ENV = {
  AWS_ACCESS_KEY_ID: 'S3RVER',
  AWS_SECRET_ACCESS_KEY: 'S3RVER',
  AWS_REGION: 'us-east-1',
};

export async function startS3Server(buckets: string[]): Promise<S3Server> {
  const directory = mkdtempSync(path.join(os.tmpdir(), 'blog-test-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    directory,
    silent: true,
    configureBuckets: buckets.map((name) => ({ name })),
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const previous = Object.fromEntries(Object.keys(SDK_ENV).map((name) => [name, process.env[name]]));
  Object.assign(process.env, SDK_ENV, { AWS_ENDPOINT_URL_S3: endpoint });
  const storages: S3ImageStorage[] = [];
  const storage = (bucket: string) => {
    const opened = new S3ImageStorage({ bucket, forcePathStyle: true });
    storages.push(opened);
    return opened;
  };
  return {
    endpoint,
    env: (bucket) => ({ UPLOADS_S3_BUCKET: bucket, AWS_ENDPOINT_URL_S3: endpoint }),
    storage,
    async keys(bucket) {
      const keys: string[] = [];
      for await (const file of storage(bucket).list()) keys.push(file.path);
      return keys.sort();
    },
    age(bucket, key, date) {
      utimesSync(server.store.getResourcePath(bucket, key, 'object'), date, date);
    },
    async stop() {
      await Promise.all(storages.map((opened) => opened.close()));
      await server.close();
      for (const [name, value] of Object.entries(previous)) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
      delete process.env.AWS_ENDPOINT_URL_S3;
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
