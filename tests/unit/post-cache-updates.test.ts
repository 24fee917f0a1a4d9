// What a post write drops from Apollo's cache (lib/post-writes.ts, the one rule of every screen that
// writes a post): exactly the fields it made stale, on a real InMemoryCache holding what the screens
// cache; everything else stays.
import { gql, InMemoryCache } from '@apollo/client';
import { beforeEach, describe, expect, it } from 'vitest';
import { evictAfterPostDeleted, evictAfterPostWritten } from '../../client/src/lib/post-writes.ts';

const post = (id: string) => ({ __typename: 'Post', id, title: `Post ${id}` });

const SCREENS = gql`
  query Screens {
    site {
      name
    }
    upcomingCards {
      id
    }
    latestPosts {
      id
      title
    }
    blog: posts(page: 1) {
      pages
      items {
        id
        title
      }
    }
    games: posts(page: 1, category: GAME) {
      pages
      items {
        id
        title
      }
    }
    one: post(id: "1") {
      id
      title
    }
    two: post(id: "2") {
      id
      title
    }
    page: post(slug: "post-3") {
      id
      title
    }
    studio: adminPosts(page: 1) {
      pages
      items {
        id
        title
      }
    }
  }
`;

let cache: InMemoryCache;
beforeEach(() => {
  cache = new InMemoryCache();
  const page = (items: unknown[]) => ({ __typename: 'PostPage', pages: 1, items });
  cache.writeQuery({
    query: SCREENS,
    data: {
      site: { __typename: 'Site', name: 'Pixel Diaries' },
      upcomingCards: [{ __typename: 'UpcomingCard', id: 'c1' }],
      latestPosts: [post('1'), post('2'), post('3')],
      blog: page([post('1'), post('2'), post('3')]),
      games: page([post('2')]),
      one: post('1'),
      two: post('2'),
      page: post('3'),
      studio: page([post('1'), post('2'), post('3'), post('4')]),
    },
  });
});

/** The root fields still cached, with their arguments, and the posts still normalized. */
function cached() {
  const data = cache.extract() as Record<string, Record<string, unknown>>;
  return {
    root: Object.keys(data.ROOT_QUERY ?? {})
      .filter((key) => key !== '__typename')
      .sort(),
    posts: Object.keys(data)
      .filter((key) => key.startsWith('Post:'))
      .sort(),
  };
}

describe('after a post is', () => {
  it("written: every list (a status, category or title moves it) and every reader's page (its ending may name it), not the editor's post(id)", () => {
    evictAfterPostWritten(cache);
    expect(cached()).toEqual({
      root: ['post({"id":"1"})', 'post({"id":"2"})', 'site', 'upcomingCards'],
      // Posts 3 and 4 were only in the lists and a reader's page: garbage-collected.
      posts: ['Post:1', 'Post:2'],
    });
  });

  it('deleted: the post, every post answer, every list', () => {
    evictAfterPostDeleted(cache, '2');
    expect(cached()).toEqual({
      root: ['site', 'upcomingCards'],
      posts: [],
    });
  });
});
