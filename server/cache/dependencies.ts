// What an answer was read from, gathered while it is made: every cached or uncached public read
// reports the tags it depends on (depend()), and whoever stores an answer (ReadCache, the response
// cache) runs its making inside collect() to learn them. Reports flow to every enclosing collection,
// so a page rendered on the server learns what each of its GraphQL queries read, hit or not.
// Tags are documented with the changes that carry them (server/cache/post-changes.ts).
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Dependencies, TimelineSpan } from './content-changes.ts';

class Collection {
  readonly tags = new Set<string>();
  readonly spans: TimelineSpan[] = [];
  constructor(readonly parent: Collection | undefined) {}
}

const current = new AsyncLocalStorage<Collection>();

/** Reports that what is being made depends on these tags (and stretches of timelines). */
export function depend(tags: Iterable<string>, spans: readonly TimelineSpan[] = []): void {
  const innermost = current.getStore();
  // Most reads are hits answered outside any collection: nothing to report to, nothing to copy.
  if (!innermost) return;
  // A stored answer's tags are a Set, read again for each enclosing collection: copied only when
  // they could be read once (a generator).
  const tagList = Array.isArray(tags) || tags instanceof Set ? tags : [...tags];
  for (let at: Collection | undefined = innermost; at; at = at.parent) {
    for (const tag of tagList) at.tags.add(tag);
    if (spans.length > 0) at.spans.push(...spans);
  }
}

/** Reports what a stored answer depended on, when it is served again. */
export function dependOn(deps: Dependencies): void {
  depend(deps.tags, deps.spans);
}

/** Runs make() and returns its value with everything it reported. */
export async function collect<T>(make: () => Promise<T>): Promise<{ value: T; deps: Dependencies }> {
  const collection = new Collection(current.getStore());
  const value = await current.run(collection, make);
  return { value, deps: { tags: collection.tags, spans: collection.spans } };
}
