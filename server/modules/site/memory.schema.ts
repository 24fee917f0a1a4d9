// Where the server's memory goes, for the author running the site: the process, the JavaScript heap,
// the embedded database, and each read cache against its budget (READ_CACHE_MB, RESPONSE_CACHE_MB).
// The admin's only: how busy the server is tells a stranger nothing they should know.
import { builder } from '../../builder.ts';
import type { MemoryReport } from '../../cache/server-memory.ts';

type CacheUse = MemoryReport['caches'][number];

const CacheUseRef = builder.objectRef<CacheUse>('CacheUse').implement({
  description: 'One read cache: what it holds against its budget (bytes as estimated when stored)',
  fields: (t) => ({
    name: t.exposeString('name', { description: 'posts, cards, pageHeads or responses' }),
    entries: t.exposeInt('entries'),
    bytes: t.exposeFloat('bytes'),
    maxBytes: t.exposeFloat('maxBytes', { description: 'Its budget: past it, the entries not read lately go first' }),
  }),
});

const ServerMemoryRef = builder.objectRef<MemoryReport>('ServerMemory').implement({
  description: "Where this server process's memory goes, in bytes, now",
  fields: (t) => ({
    residentBytes: t.exposeFloat('residentBytes', { description: 'What the system counts against the process' }),
    heapUsedBytes: t.exposeFloat('heapUsedBytes', { description: 'The JavaScript heap in use' }),
    externalBytes: t.exposeFloat('externalBytes', {
      description: "Memory outside the heap held for JavaScript: buffers and the embedded database's memory",
    }),
    databaseBytes: t.exposeFloat('databaseBytes', {
      nullable: true,
      description: "The embedded database's WebAssembly memory (part of externalBytes); null on PostgreSQL",
    }),
    caches: t.field({ type: [CacheUseRef], resolve: (report) => report.caches }),
  }),
});

builder.queryField('serverMemory', (t) =>
  t.field({
    type: ServerMemoryRef,
    authScopes: { admin: true },
    description: "Where the server's memory goes now (the admin only)",
    resolve: (_root, _args, ctx) => ctx.services.memory.report(),
  }),
);
