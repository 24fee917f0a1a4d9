// A post's excerpt and reading time (kernel/reading-rules.ts), worked out once per post row.
// Cached reads hand the same row to every request, so a page of 15 posts read a thousand times is
// converted from HTML 15 times, not 15 000: the conversion was most of a cached list's CPU time.
import type { Post } from '../../generated/prisma/client.ts';
import { excerptOf, readingMinutesOf } from '#kernel/reading-rules.ts';

export interface PostReading {
  excerpt: string;
  readingMinutes: number;
}

// Keyed by the row object itself: an edited post is a new row, so nothing here can be stale.
const readings = new WeakMap<Pick<Post, 'content'>, PostReading>();

export function readingOf(post: Pick<Post, 'content'>): PostReading {
  let reading = readings.get(post);
  if (!reading) {
    reading = { excerpt: excerptOf(post.content), readingMinutes: readingMinutesOf(post.content) };
    readings.set(post, reading);
  }
  return reading;
}
