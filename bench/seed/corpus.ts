// Text for the bulk posts, built from the demo posts' own sentences (real English, with the word
// frequencies of real reviews) plus made-up proper nouns picked by Zipf's law (a few characters and
// places recur everywhere, most are rare). Search then hits a realistic spread: common words match
// a large share of the posts, names from a handful to a few percent.
import { DEMO_POSTS } from '../../prisma/demo-content.ts';
import type { Category } from '../../server/generated/prisma/client.ts';
import { POST_TEXT_MAX } from '#kernel/post-rules.ts';
import { between, pick, type Random, seededRandom, zipf } from '../lib/random.ts';

export interface GeneratedPost {
  title: string;
  subtitle: string;
  /** HTML limited to the editor's tags, like a real post. */
  content: string;
  category: Category;
}

/** Every data set, whatever its size, is written from this seed: the 10 000 posts are the first 10 000 of the 100 000. */
export const CORPUS_SEED = 20261121;

const NAME_COUNT = 20_000;

const CATEGORIES: readonly Category[] = ['game', 'tv', 'book', 'anime'];

const SYLLABLES = (
  'ka lo ran vesh tik mi ra dor el an tha zu bri gon sel ve qua rin or te nya shi mar kel dra fen ul io sa ' +
  'ber cor yth wen gar'
).split(' ');

// Shaped like the demo titles' second halves, so generated titles read like reviews.
const TITLE_ENDINGS = [
  'Is About What Happens After',
  'Made Me an Engineer',
  'Is the Best Horror on TV',
  'Is a Warning',
  'Is for Everyone',
  'Is the Calmest Show I Know',
  'Made Me Anxious',
  'Is a House of Wonder',
  'and the Joy of Getting Lost',
  'Earns Every Minute',
  'Is Jazz You Can Watch',
  'Is Pure Joy',
  'Is the Real Story',
  'Still Feels New',
  'Argues With Itself',
  'Outgrew Its Source',
  'Earns Its Place',
  'Is Ideas First',
  'Still Has No Equal',
  'Is Not About Robots',
  'Is a Comedy About Tragedy',
  'Says Yes to Everything',
  'Is Not for Everyone',
  'Has the Biggest Heart',
  'Is Hard and Worth It',
  'Is Slow on Purpose',
  'Is Still the Bar',
  'and the Long Wait',
  'Changed Its Mind',
  'Deserves a Second Look',
  'Is Better Than You Remember',
  'Finally Clicked for Me',
];

const NAME_SENTENCES: ReadonlyArray<(name: string) => string> = [
  (name) => `I keep thinking about ${name} long after the credits.`,
  (name) => `${name} is the reason it all works.`,
  (name) => `The chapter with ${name} is where it finally clicked for me.`,
  (name) => `Nobody writes a character like ${name} anymore.`,
  (name) => `Even ${name} gets a moment to shine.`,
  (name) => `Then ${name} shows up, and everything changes.`,
];

/** The text of the HTML: block ends become spaces, inline tags vanish (so 'this <em>one</em>.' stays whole). */
function stripTags(html: string): string {
  return html
    .replace(/<\/(p|blockquote|li)>/g, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/\s+/g, ' ');
}

function makeNames(random: Random, count: number): string[] {
  const names = new Set<string>();
  while (names.size < count) {
    const parts = Array.from({ length: between(random, 2, 3) }, () => pick(random, SYLLABLES)).join('');
    names.add(parts[0]!.toUpperCase() + parts.slice(1));
  }
  return [...names];
}

/** The subject of a demo title: what comes before its first verb or 'and' ('Hollow Knight', 'Dune'). */
function subjectOf(title: string): string {
  return title.split(/\s(?:Is|Made|and|Earns|Outgrew|Argues|Says|Still|Has|Shows|Changed)\s|:/)[0]!.trim();
}

/** The made-up names, most frequent first (Zipf rank order): the search scenario looks some up. */
export function corpusNames(seed = CORPUS_SEED): string[] {
  return makeNames(seededRandom(seed), NAME_COUNT);
}

/** Returns a function that writes the next post; the same seed gives the same posts, in the same order. */
export function createPostWriter(seed = CORPUS_SEED): () => GeneratedPost {
  const random = seededRandom(seed + 1);
  const sentences = DEMO_POSTS.flatMap((post) => stripTags(post.content).split(/(?<=[.!?])\s+/)).filter(
    (sentence) => sentence.length > 20,
  );
  const subjects = DEMO_POSTS.map((post) => subjectOf(post.title));
  const subtitles = DEMO_POSTS.map((post) => post.subtitle);
  const names = corpusNames(seed);
  const nameIndex = zipf(random, names.length, 0.8);
  const name = () => names[nameIndex()]!;

  const fit = (text: string) => (text.length <= POST_TEXT_MAX ? text : text.slice(0, POST_TEXT_MAX).trimEnd());

  const paragraph = (): string => {
    const parts = Array.from({ length: between(random, 2, 4) }, () => pick(random, sentences));
    if (random() < 0.5) parts.splice(between(random, 0, parts.length), 0, pick(random, NAME_SENTENCES)(name()));
    const text = parts.join(' ');
    if (random() < 0.15) return `<blockquote>${text}</blockquote>`;
    // Now and then a name in bold, as the demo posts stress their key terms.
    return random() < 0.15 ? `<p>${text} <strong>${name()}</strong> says it best.</p>` : `<p>${text}</p>`;
  };

  return () => {
    const subject = random() < 0.5 ? name() : pick(random, subjects);
    return {
      title: fit(`${subject} ${pick(random, TITLE_ENDINGS)}`),
      subtitle: fit(random() < 0.7 ? pick(random, subtitles) : `${name()} and ${name()}, reconsidered`),
      content: Array.from({ length: between(random, 3, 6) }, paragraph).join(''),
      category: pick(random, CATEGORIES),
    };
  };
}
