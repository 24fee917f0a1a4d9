// What a paste becomes: HTML (a web page, a word processor) is read into the editor's own structure
// by the HTML reader, which keeps headings, lists, links, emphasis, quotes and code and drops the
// rest; plain text that looks like Markdown is first turned into HTML by marked (a well-kept
// CommonMark/GFM parser, loaded with the editor only, pipe tables included); other plain text is left
// to Slate.
import { Marked } from 'marked';
import { Node, type Descendant } from 'slate';
import { readHtml, type HtmlReading } from './html-deserialize';
import { isTextBlock } from './rich-text-types';

const markdown = new Marked({ gfm: true, breaks: false });

// A line that starts a Markdown block, or Markdown inline syntax anywhere.
const MARKDOWN_BLOCK = /^(?:#{1,6}\s|\s{0,3}[-*+]\s|\s{0,3}\d{1,9}[.)]\s|>|```|~~~|(?:-{3,}|\*{3,}|_{3,})\s*$)/m;
const MARKDOWN_INLINE =
  /\*\*[^*\n]+\*\*|__[^_\n]+__|\[[^\]\n]+\]\([^)\s]+\)|`[^`\n]+`|(?:^|\s)[*_][^*_\s][^*_\n]*[*_](?=\s|[.,;:!?]|$)/m;

// A pipe table's delimiter row: |---|:--:| or ---|--- (pipes, dashes, colons and spaces only).
const MARKDOWN_TABLE_DELIMITER = /^(?=[^\n]*\|)(?=[^\n]*-)[ \t|:-]+$/m;

export function looksLikeMarkdown(text: string): boolean {
  return MARKDOWN_BLOCK.test(text) || MARKDOWN_INLINE.test(text) || MARKDOWN_TABLE_DELIMITER.test(text);
}

/** Markdown as HTML (for the HTML reader, never shown as it is). */
export function markdownToHtml(text: string): string {
  return markdown.parse(text, { async: false });
}

// Tags that carry structure: HTML with none of them (a code editor's coloured copy, a terminal's) is
// only a styled copy of its plain text, which may be Markdown.
const STRUCTURE = /<(?:h[1-6]|p|ul|ol|li|blockquote|pre|strong|b|em|i|a|code|hr|table)\b/i;

interface ClipboardLike {
  getData(type: string): string;
}

/**
 * The editor's nodes for what is pasted, or null to let Slate insert the plain text as it is.
 * `parser` defaults to the page's DOMParser; tests pass jsdom's.
 */
export function pastedFragment(data: ClipboardLike, parser?: DOMParser): Descendant[] | null {
  return pastedContent(data, parser)?.nodes ?? null;
}

/** pastedFragment, with what reading it changed (for the author's notice). */
export function pastedContent(data: ClipboardLike, parser?: DOMParser): HtmlReading | null {
  const html = data.getData('text/html');
  const text = data.getData('text/plain');
  const read = (source: string): HtmlReading => {
    const reading = readHtml(source, parser);
    return { ...reading, nodes: withoutBlankLines(reading.nodes) };
  };
  if (html && STRUCTURE.test(html)) return read(html);
  if (text && looksLikeMarkdown(text)) return read(markdownToHtml(text));
  if (html) return read(html);
  return null;
}

/** A word processor's or a page's spacing paragraphs would be gaps in the post: a paste brings none. */
function withoutBlankLines(nodes: Descendant[]): Descendant[] {
  const kept = nodes.filter(
    (node) => !(isTextBlock(node) && node.type === 'paragraph' && Node.string(node).trim() === ''),
  );
  return kept.length > 0 ? kept : nodes.slice(0, 1);
}
