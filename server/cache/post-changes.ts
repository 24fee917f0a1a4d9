// Which cached answers a write to posts, cards or images can change: one rule, used for this
// process's own writes (the services describe what they wrote) and for the database's announcements
// (the triggers describe the rows a statement wrote, migration *_tagged_content_changes), so both
// paths cool exactly the same answers (docs/decisions/032-writes-cool-what-they-change.md).
//
// The tags, as the reads report them (server/cache/dependencies.ts) and the changes carry them:
// - `post:{id}`: anything that shows that post (its page, a list page or feed it is on, a page
//   naming it as previous, next or related);
// - `slug:{slug}`: what the address /blog/{slug} answers (a post, a redirect, nothing);
// - `list:all`, `list:{category}`: which posts a list holds and in what order (its pages, its size,
//   the latest posts, its feed, the sitemap's entries); a post moved to another category touches
//   both categories' lists, not the blog's (`list:all`), whose order is by publication alone;
// - `modified`: the dates of the latest changes (the sitemap's lastmod);
// - `search`: search results, which any post's words can change;
// - `related:any`: the related posts of a post whose category has too few others, chosen among all;
// - `cards`: the "Currently" cards;
// - `tag:{slug}`: what /tag/{slug} answers (the tag, or where it now is) and which posts its list
//   holds; a tag's list also reads `list:all`, since a post that enters, leaves or moves in the
//   timeline moves in its tags' lists (the post's own notice does not name its tags);
// - two kinds of timeline, where a change is a point (a publication time) and an answer looks at a
//   stretch (TimelineSpan):
//   - TIMELINE, every public post: a post page's previous and next posts are those published just
//     before and after it; they change only when a post enters or leaves the timeline between them
//     or when one of them changes (its `post:` tag);
//   - relatedLine(category), that category's public posts, reworded ones too: a post's related posts
//     are ranked among the category's posts nearest it in time (server/modules/post/post-neighbours.ts),
//     so a new post, published after them all, leaves an older post's related ones as they were.
//     A post reworded in place marks its point with the words of its title and subtitle whose
//     entries changed (the ranking reads nothing else of a candidate), and a ranking's span names
//     the words it looked for: an edit of the text alone re-ranks nobody, and a new title only the
//     endings of posts whose titles share one of its changed words (decision 054).
import { type Change, changeOf, EVERYTHING, SETTINGS_CHANGE, type TimelinePoint } from './content-changes.ts';

/** The public timeline: every published post at its publication time. */
export const TIMELINE = 'timeline';

/** A category's published posts at their publication times, where a change of words counts too. */
export const relatedLine = (category: string | null): string => `related:${category}`;

/** A post as far as readers' caches care: who may see it, where it is listed, its address. */
export interface PostFacts {
  status: string;
  category: string | null;
  slug: string;
  /** ms since the epoch; null for a draft. */
  publishedAt: number | null;
}

/** One row a write touched: before (null: inserted) and after (null: deleted). */
export interface PostRowChange {
  id: string;
  before: PostFacts | null;
  after: PostFacts | null;
  /** Whether its title, subtitle or text changed (what search ranks by). */
  wordsChanged: boolean;
  /**
   * The lexemes whose title-and-subtitle entries changed (what related posts rank by: the database's
   * "blog_rank_words_changed"); empty when only the text did; absent or null when unknown (any word).
   */
  rankWords?: readonly string[] | null;
  /**
   * The lexemes of its title and subtitle as it is after the write, when public (the database's
   * "blog_rank_words"): a post that entered a window can rank for those words alone; absent or
   * null: unknown.
   */
  entryWords?: readonly string[] | null;
}

const isPublic = (facts: PostFacts | null): facts is PostFacts => facts?.status === 'PUBLISHED';

export function postChange(rows: readonly PostRowChange[]): Change {
  const tags = new Set<string>();
  const points = new Map<string, TimelinePoint>();
  // Two rows at one place: the words of both when both are of the same kind, else any word.
  const mark = (line: string, at: number, how: Omit<TimelinePoint, 'line' | 'at'> = {}) => {
    // Departures are counted (TimelineSpan.spare): each is a point of its own.
    const key = how.leaving ? `${line}@${at}#${points.size}` : `${line}@${at}`;
    const other = points.get(key);
    if (other === undefined) {
      points.set(key, { line, at, ...how });
      return;
    }
    const words =
      other.words && how.words && other.entering === how.entering
        ? [...new Set([...other.words, ...how.words])]
        : undefined;
    points.set(key, {
      line,
      at,
      ...(words ? { words, ...(how.entering ? { entering: true } : {}) } : {}),
    });
  };
  for (const { id, before, after, wordsChanged, rankWords, entryWords } of rows) {
    // Neither before nor after may readers see it (a draft, a scheduled post): nothing they read
    // changes. It is still a change: the scheduler plans again on it.
    if (!isPublic(before) && !isPublic(after)) continue;
    tags.add(`post:${id}`);
    for (const facts of [before, after]) if (facts) tags.add(`slug:${facts.slug}`);
    tags.add('modified');
    // Entered, left or moved in time: every list it is or was on shifts, and the timeline where.
    const retimed = !isPublic(before) || !isPublic(after) || before.publishedAt !== after.publishedAt;
    // Only moved to another category: both categories' lists change, but not the blog's order, nor
    // which posts are published before and after it (the blog's page that shows it changes through
    // its `post:` tag). Every blog list page used to cool at each such move.
    const recategorised = !retimed && before.category !== after.category;
    const moved = retimed || recategorised;
    for (const facts of moved ? [before, after] : []) {
      if (!isPublic(facts)) continue;
      tags.add(`list:${facts.category}`);
      if (!retimed) continue;
      tags.add('list:all');
      if (facts.publishedAt !== null) mark(TIMELINE, facts.publishedAt);
    }
    if (moved || wordsChanged) tags.add('search');
    // Reworded in place: only the rankings that look for one of the changed words (none when only
    // the text changed). Left: any ranking whose full window held it (the next post beyond the
    // window takes its place, which no answer knows). Entered: the rankings that look for one of its
    // words, or that a newcomer sharing none could still change (TimelineSpan.newcomersNeedWords).
    const words = rankWords ?? undefined;
    if (moved) {
      tags.add('related:any');
      if (isPublic(before) && before.publishedAt !== null) {
        mark(relatedLine(before.category), before.publishedAt, { leaving: true });
      }
      if (isPublic(after) && after.publishedAt !== null) {
        mark(relatedLine(after.category), after.publishedAt, entryWords ? { words: entryWords, entering: true } : {});
      }
    } else if (wordsChanged && words?.length !== 0 && isPublic(after) && after.publishedAt !== null) {
      // Not moved: public before and after, in the same place.
      tags.add('related:any');
      mark(relatedLine(after.category), after.publishedAt, { words });
    }
  }
  return changeOf(tags, [...points.values()]);
}

export const CARDS_CHANGE: Change = changeOf(['cards']);

/** A shelf item or a post's items changed (issue 41): the shelf's pages, the carousel, posts about items. */
export const SHELF_CHANGE: Change = changeOf(['shelf', 'cards']);

/** A post's tag given or taken: the post's page, the tag's list, and the sitemap (its tag lists). */
export interface PostTagChange {
  postId: string;
  slug: string;
}

/** What tags given to or taken from posts that readers see touch (a draft's touch nothing: the caller leaves them out). */
export function tagChange(rows: readonly PostTagChange[]): Change {
  if (rows.length === 0) return changeOf([]);
  return changeOf([...rows.flatMap(({ postId, slug }) => [`post:${postId}`, `tag:${slug}`]), 'modified']);
}

/** Both changes at once: what either touches. */
export function bothChanges(first: Change, second: Change): Change {
  if (first.everything || second.everything) return EVERYTHING;
  return changeOf([...first.tags, ...second.tags], [...first.points, ...second.points]);
}

type Facts = [status: string, category: string | null, slug: string, publishedAt: number | null];

interface PostNotice {
  t: 'Post';
  /**
   * k: the changed rank words of an updated row, e: the rank words of a public row after the
   * statement (migration *_related_words); null or absent: unknown.
   */
  r: Array<{ id: string; o: Facts | null; n: Facts | null; w: boolean; k?: string[] | null; e?: string[] | null }>;
}
interface PostTagNotice {
  t: 'PostTag';
  /** [post id, tag slug] of each row, its post not a draft. */
  r: Array<[string, string]>;
}
interface TagNotice {
  t: 'Tag';
  /** New tags' slugs: an address that answered nothing now has a tag. */
  s: string[];
}
interface ImageNotice {
  t: 'Image';
  /** The posts that show the images (cover or picture in the text). */
  p: string[];
  /** Whether a card shows one. */
  c: boolean;
}

const factsOf = (facts: Facts | null): PostFacts | null =>
  facts && { status: facts[0], category: facts[1], slug: facts[2], publishedAt: facts[3] };

/**
 * What a notification on the content channel touched. The triggers send a JSON description when
 * they can, and the bare table name otherwise (a TRUNCATE, too many rows for one notification, the
 * author's name): anything not understood here touches everything.
 */
export function changeFromNotice(payload: string | undefined): Change {
  if (payload === 'UpcomingCard') return CARDS_CHANGE;
  // The site's settings (migration *_site_setup's trigger): on every page, and read again.
  if (payload === 'SiteSetting') return SETTINGS_CHANGE;
  if (!payload?.startsWith('{')) return EVERYTHING;
  try {
    const notice = JSON.parse(payload) as PostNotice | ImageNotice | PostTagNotice | TagNotice;
    if (notice.t === 'PostTag' && Array.isArray(notice.r)) {
      return tagChange(notice.r.map(([postId, slug]) => ({ postId, slug })));
    }
    if (notice.t === 'Tag' && Array.isArray(notice.s)) return changeOf(notice.s.map((slug) => `tag:${slug}`));
    if (notice.t === 'Post' && Array.isArray(notice.r)) {
      return postChange(
        notice.r.map((row) => ({
          id: row.id,
          before: factsOf(row.o),
          after: factsOf(row.n),
          wordsChanged: row.w,
          rankWords: Array.isArray(row.k) ? row.k : null,
          entryWords: Array.isArray(row.e) ? row.e : null,
        })),
      );
    }
    // Comments (issue 38): the posts whose approved comments changed (their pages, their counts),
    // and the feed of the latest ('comments'): commentsChange in comment.service.ts says the same.
    if ((notice as { t: string }).t === 'Comment' && Array.isArray((notice as { p?: unknown }).p)) {
      return changeOf([...(notice as { p: string[] }).p.map((id) => `comments:${id}`), 'comments']);
    }
    // The redirects table (its trigger): only what reads it, never a page of its own.
    if ((notice as { t: string }).t === 'Redirect') return changeOf(['redirects']);
    // The shelf's tables (migration *_shelf): what reads the shelf, and the carousel.
    if ((notice as { t: string }).t === 'Shelf') return SHELF_CHANGE;
    if (notice.t === 'Image' && Array.isArray(notice.p)) {
      // A cover or picture rewritten in place (psql): what shows it, and the sitemap's image entries.
      return changeOf([...notice.p.map((id) => `post:${id}`), 'modified', ...(notice.c ? ['cards'] : [])]);
    }
  } catch {
    // Not ours: a statement cannot be described, so everything it could touch is.
  }
  return EVERYTHING;
}
