// Another platform's post HTML turned into this site's content (decisions 010, 026, 028, 045) before
// the sanitizer stores it: WordPress's classic text gets its paragraphs (wpautop's rule: a blank line
// ends one, a line break is a <br>), its [caption] shortcodes become pictures with captions, block
// and Ghost cards are unwrapped, embeds become links, and every picture is taken out as a
// placeholder for the import to store and put back as this site's <figure>. What cannot be kept is
// named in the warnings; the sanitizer then keeps exactly the editor's shapes.
import { CONTENT_TAGS } from '#kernel/content-rules.ts';
import { contentWindow } from '../post/sanitize-html.ts';
import { decodeEntities, plainText, type SourcePicture } from './import-source.ts';

export interface ConvertedHtml {
  /** The content with `<figure data-import-picture="N"></figure>` where picture N goes. */
  html: string;
  pictures: SourcePicture[];
  warnings: string[];
}

/** Where picture N goes in converted HTML (replace with its figure, or with nothing). */
export const PICTURE_PLACEHOLDER = /<figure data-import-picture="(\d+)"><\/figure>/g;

const BLOCK_TAGS =
  'table|thead|tfoot|caption|col|colgroup|tbody|tr|td|th|div|dl|dd|dt|ul|ol|li|pre|form|map|area|blockquote|address|math|style|p|h[1-6]|hr|fieldset|legend|section|article|aside|hgroup|header|footer|nav|figure|figcaption|details|menu|summary|iframe|script';
const BLOCK_START = new RegExp(`^<(?:${BLOCK_TAGS})[\\s/>]`, 'i');

/** WordPress's wpautop, in short: blank lines make paragraphs, single line breaks <br>, blocks left as they are. */
export function autop(text: string): string {
  const pres: string[] = [];
  let html = text.replace(/\r\n?/g, '\n').replace(/<pre[\s>][\s\S]*?<\/pre>/gi, (pre) => {
    pres.push(pre);
    return `<pre data-autop="${pres.length - 1}"></pre>`;
  });
  html = html
    .replace(new RegExp(`(<(?:${BLOCK_TAGS})[\\s/>])`, 'gi'), '\n\n$1')
    .replace(new RegExp(`(</(?:${BLOCK_TAGS})>)`, 'gi'), '$1\n\n');
  const paragraphs = html
    .split(/\n\s*\n/)
    .map((chunk) => chunk.trim())
    .filter((chunk) => chunk !== '')
    .map((chunk) =>
      BLOCK_START.test(chunk) || /^<\/(?:[a-z0-9]+)>$/i.test(chunk)
        ? chunk
        : `<p>${chunk.replace(/\n/g, '<br>\n')}</p>`,
    );
  return paragraphs.join('\n').replace(/<pre data-autop="(\d+)"><\/pre>/g, (_, index: string) => pres[Number(index)]!);
}

function shortcodeAttributes(text: string): Record<string, string> {
  const attributes: Record<string, string> = {};
  for (const match of text.matchAll(/([a-z_-]+)\s*=\s*(?:"([^"]*)"|'([^']*)'|(\S+))/gi)) {
    attributes[match[1]!.toLowerCase()] = match[2] ?? match[3] ?? match[4] ?? '';
  }
  return attributes;
}

// Shortcodes WordPress and its common plugins write; any other [word] is left as text.
const KNOWN_SHORTCODES =
  'gallery|audio|video|playlist|embed|youtube|vimeo|twitter|tweet|soundcloud|googlemaps|archives|contact-form|contact-field|wpvideo|slideshow|polldaddy|instagram|dailymotion|flickr|scribd|spotify|ted|recipe|sourcecode|code';

/** WordPress's shortcodes: captions become figures, embeds links, code blocks code; the rest is named and dropped. */
function replaceShortcodes(html: string, warnings: string[]): string {
  let out = html.replace(
    /\[(?:wp_)?caption([^\]]*)\]([\s\S]*?)\[\/(?:wp_)?caption\]/gi,
    (_, attrs: string, inner: string) => {
      const attributes = shortcodeAttributes(attrs);
      const image = /<img[^>]*>/i.exec(inner)?.[0] ?? '';
      const caption = attributes.caption ?? plainText(inner.replace(/<a[^>]*>[\s\S]*?<\/a>|<img[^>]*>/gi, ''));
      return `<figure>${image}<figcaption>${caption}</figcaption></figure>`;
    },
  );
  out = out.replace(/\[(sourcecode|code)([^\]]*)\]([\s\S]*?)\[\/\1\]/gi, (_, _name, attrs: string, code: string) => {
    const language = shortcodeAttributes(attrs).language ?? shortcodeAttributes(attrs).lang ?? '';
    const escaped = code.replace(/&/g, '&amp;').replace(/</g, '&lt;');
    return `<pre><code${language ? ` class="language-${language}"` : ''}>${escaped}</code></pre>`;
  });
  out = out.replace(/\[embed[^\]]*\]([\s\S]*?)\[\/embed\]/gi, (_, url: string) => linkParagraph(url.trim()));
  const pattern = new RegExp(`\\[(${KNOWN_SHORTCODES})\\b([^\\]]*)\\](?:([\\s\\S]*?)\\[\\/\\1\\])?`, 'gi');
  return out.replace(pattern, (_, name: string, attrs: string) => {
    const attributes = shortcodeAttributes(attrs);
    const url =
      attributes.url ?? attributes.src ?? attributes.mp4 ?? attributes.mp3 ?? attrs.trim().match(/^https?:\S+/)?.[0];
    if (url && /^https?:/i.test(url)) {
      warnings.push(`[${name}] kept as a link`);
      return linkParagraph(url);
    }
    warnings.push(`[${name}] is not kept`);
    return '';
  });
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function linkParagraph(url: string, label = url): string {
  return `<p><a href="${escapeHtml(url)}">${escapeHtml(label)}</a></p>`;
}

// Inline elements: a run of these (and text) at the top level is put in a paragraph.
const INLINE = new Set([
  'a',
  'abbr',
  'b',
  'bdi',
  'bdo',
  'br',
  'cite',
  'code',
  'data',
  'del',
  'dfn',
  'em',
  'i',
  'ins',
  'kbd',
  'mark',
  'q',
  's',
  'samp',
  'small',
  'span',
  'strong',
  'sub',
  'sup',
  'time',
  'u',
  'var',
  'font',
  'strike',
  'big',
  'tt',
  'label',
]);
const DROPPED = new Set([
  'script',
  'style',
  'noscript',
  'form',
  'input',
  'button',
  'select',
  'textarea',
  'svg',
  'canvas',
  'map',
]);
const EMBEDS = new Set(['iframe', 'embed', 'object', 'video', 'audio']);
const KEPT = new Set<string>([
  ...CONTENT_TAGS,
  'div',
  'section',
  'article',
  'b',
  'i',
  'del',
  'strike',
  'h1',
  'h4',
  'h5',
  'h6',
  'cite',
  'small',
  'sub',
  'sup',
  'span',
  'mark',
  'abbr',
  'time',
  'caption',
  'tfoot',
  'colgroup',
  'col',
  'header',
  'footer',
  'main',
  'aside',
  'font',
  'ins',
  'kbd',
  'tt',
  'big',
  'center',
  'dl',
  'dt',
  'dd',
  'address',
  'picture',
  'source',
]);

/**
 * Converts one item's HTML. `classic`: WordPress's classic editor text (no block comments), which
 * has no paragraphs of its own.
 */
export function convertHtml(
  source: string,
  { classic, titleIsCaption = false }: { classic: boolean; titleIsCaption?: boolean },
): ConvertedHtml {
  const warnings: string[] = [];
  const pictures: SourcePicture[] = [];
  let html = source.replace(/<!--\s*\/?wp:[\s\S]*?-->/g, (comment) => {
    // A block with nothing but its comment (site logo, query loop, latest posts) is made by the theme.
    const dynamic = /^<!--\s*wp:([a-z0-9/-]+)[^]*\/-->$/.exec(comment);
    if (dynamic && !/^(more|nextpage|spacer|separator)$/.test(dynamic[1]!))
      warnings.push(`Block “${dynamic[1]}” is not kept`);
    return '';
  });
  html = replaceShortcodes(html, warnings);
  if (classic) html = autop(html);
  const document = contentWindow().document;
  const root = document.createElement('div');
  root.innerHTML = html;

  const kindsDropped = new Set<string>();
  for (const element of [...root.querySelectorAll('*')]) {
    if (!element.isConnected) continue;
    const tag = element.tagName.toLowerCase();
    if (DROPPED.has(tag)) {
      kindsDropped.add(tag);
      element.remove();
    } else if (EMBEDS.has(tag)) {
      const src =
        element.getAttribute('src') ??
        element.getAttribute('data') ??
        element.querySelector('source')?.getAttribute('src');
      const url = src?.startsWith('//') ? `https:${src}` : src;
      if (url && /^https?:/i.test(url)) {
        warnings.push(`<${tag}> kept as a link: ${url}`);
        replaceBlock(element, linkElement(document, url, element.getAttribute('title') || url));
      } else {
        warnings.push(`<${tag}> is not kept`);
        element.remove();
      }
    } else if (tag === 'figure' && /\bwp-block-embed\b|\bkg-embed-card\b/.test(element.className)) {
      const url =
        element.querySelector('.wp-block-embed__wrapper')?.textContent?.trim() ??
        element.querySelector('iframe')?.getAttribute('src');
      if (url && /^https?:/i.test(url)) replaceBlock(element, linkElement(document, url, url));
      else element.remove();
    } else if (tag === 'figure' && /\bkg-bookmark-card\b/.test(element.className)) {
      const anchor = element.querySelector('a');
      const title = element.querySelector('.kg-bookmark-title')?.textContent?.trim();
      if (anchor?.getAttribute('href'))
        replaceBlock(
          element,
          linkElement(document, anchor.getAttribute('href')!, title || anchor.getAttribute('href')!),
        );
      else element.remove();
    } else if (!KEPT.has(tag)) kindsDropped.add(tag);
  }

  // Pictures: each img becomes a placeholder at the top level, after the block it sat in.
  for (const img of [...root.querySelectorAll('img')]) {
    const src = img.getAttribute('src') ?? img.getAttribute('data-src') ?? '';
    const figure = img.closest('figure');
    // Markdown has no caption: ![alt](file "caption") is the usual way to write one (and our export's).
    const caption =
      figure?.querySelector('figcaption')?.textContent?.replace(/\s+/g, ' ').trim() ??
      (titleIsCaption ? (img.getAttribute('title') ?? '').trim() : '');
    const index = pictures.length;
    pictures.push({ url: src, alt: decodeEntities(img.getAttribute('alt') ?? '').trim(), caption });
    const placeholder = document.createElement('figure');
    placeholder.setAttribute('data-import-picture', String(index));
    let block: Element = img;
    while (block.parentElement && block.parentElement !== root) block = block.parentElement;
    if (figure && figure.querySelectorAll('img').length === 1 && figure.parentElement === root) {
      figure.replaceWith(placeholder);
    } else {
      // In a paragraph, a link or a gallery: the picture comes after that block, the rest stays.
      const anchor = img.closest('a');
      (anchor && anchor.textContent?.trim() === '' ? anchor : img).remove();
      insertAfterBlock(root, block, placeholder);
      // A paragraph that held only the picture (Markdown's) is gone with it.
      if (block.tagName === 'P' && block.textContent?.trim() === '' && block.children.length === 0) block.remove();
    }
  }
  // A table's figure (block editor) is unwrapped: the table, then its caption as a paragraph.
  for (const figure of [...root.querySelectorAll('figure:not([data-import-picture])')]) {
    const caption = figure.querySelector('figcaption');
    if (caption) {
      const paragraph = document.createElement('p');
      paragraph.textContent = caption.textContent ?? '';
      caption.replaceWith(paragraph);
    }
    figure.replaceWith(...figure.childNodes);
  }
  // A bare <pre> is a code block.
  for (const pre of [...root.querySelectorAll('pre')]) {
    if (!pre.querySelector('code')) {
      const code = document.createElement('code');
      code.textContent = pre.textContent ?? '';
      pre.replaceChildren(code);
    }
  }
  // Containers are unwrapped so their blocks reach the top level; loose inline runs get a paragraph.
  for (const container of [...root.querySelectorAll('div, section, article, header, footer, main, aside, center')]) {
    container.replaceWith(...container.childNodes);
  }
  wrapInlineRuns(root);
  // A paragraph that is an address alone (WordPress's oEmbed) becomes a link to it.
  for (const paragraph of [...root.querySelectorAll('p')]) {
    const text = paragraph.textContent?.trim() ?? '';
    if (paragraph.children.length === 0 && /^https?:\/\/\S+$/.test(text)) {
      paragraph.replaceWith(linkElement(document, text, text));
    }
  }
  for (const kind of kindsDropped) warnings.push(`<${kind}> is not kept (its text is)`);
  return { html: root.innerHTML, pictures, warnings };
}

function linkElement(document: Document, url: string, label: string): HTMLElement {
  const paragraph = document.createElement('p');
  const anchor = document.createElement('a');
  anchor.setAttribute('href', url);
  anchor.textContent = label;
  paragraph.append(anchor);
  return paragraph;
}

/** Puts a block where an element was: at the top level, after the block that held it. */
function replaceBlock(element: Element, block: Element): void {
  let top: Element = element;
  while (top.parentElement?.parentElement) top = top.parentElement;
  if (top === element) element.replaceWith(block);
  else {
    element.remove();
    top.after(block);
  }
}

function insertAfterBlock(root: Element, block: Element, node: Element): void {
  if (block.parentElement === root && block !== node) block.after(node);
  else root.append(node);
}

function wrapInlineRuns(root: Element): void {
  const document = root.ownerDocument;
  let run: HTMLParagraphElement | null = null;
  for (const node of [...root.childNodes]) {
    const inline = node.nodeType === 3 || (node.nodeType === 1 && INLINE.has((node as Element).tagName.toLowerCase()));
    if (!inline) {
      run = null;
      continue;
    }
    if (node.nodeType === 3 && !run && (node.textContent ?? '').trim() === '') continue;
    if (!run) {
      run = document.createElement('p');
      node.before(run);
    }
    run.append(node);
  }
}
