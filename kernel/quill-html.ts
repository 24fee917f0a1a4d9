// The product's original client edits with Quill 1.3.7, and still reads and writes posts through
// the REST facade. Quill names the editor's formats its own way: alignment and indentation are the
// classes ql-align-center|right|justify and ql-indent-1..8, a nested list is one flat list whose
// items carry their depth (ql-indent-N), and a code block is <pre class="ql-syntax"> holding its
// text. This file is both directions: the sanitizer reads Quill's HTML into the editor's on every
// write (content-sanitizer.ts), and the REST facade writes stored HTML back in Quill's names on
// every answer (quillContent, server/modules/post/quill-content.ts), from one table, so whatever the
// original client saves comes back to it as it wrote it (docs/decisions/010-rich-text-html.md).
// Pure: no Node imports; the DOM is the caller's.
import { codeLanguageOfClass } from './code-languages.ts';
import { CONTENT_CLASSES, CONTENT_MAX_INDENT } from './content-rules.ts';

/**
 * Each content class and Quill's name for it: `ql-` before ours. Quill never writes ql-align-left
 * (left is its default), so ours goes out under a name Quill ignores and comes back as it went.
 */
export const QUILL_CLASS_NAMES: ReadonlyMap<string, string> = new Map(
  CONTENT_CLASSES.map((name) => [name, `ql-${name}`]),
);
const CONTENT_CLASS_OF_QUILL: ReadonlyMap<string, string> = new Map(
  Array.from(QUILL_CLASS_NAMES, ([ours, quill]) => [quill, ours]),
);

/** The content class Quill's class name stands for; any other name as it is. */
export function fromQuillClass(name: string): string {
  return CONTENT_CLASS_OF_QUILL.get(name) ?? name;
}

/** Quill's name for a content class; any other name as it is. */
export function toQuillClass(name: string): string {
  return QUILL_CLASS_NAMES.get(name) ?? name;
}

/** The class of Quill's code block (a <pre> holding the code's text). */
export const QUILL_CODE_BLOCK_CLASS = 'ql-syntax';

const ELEMENT_NODE = 1;
const TEXT_NODE = 3;
const QUILL_INDENT = /^ql-indent-(\d+)$/;
const INDENT = /^indent-(\d+)$/;

// ---------------------------------------------------------------------------------------------
// In: Quill's flat lists nested

/** Quill 2 marks each item's kind (in an <ol> whatever the kind); Quill 1 uses the list's own tag. */
const QUILL_LIST_TAGS: Record<string, string> = { ordered: 'OL', bullet: 'UL', checked: 'UL', unchecked: 'UL' };

/** A list item's depth as Quill writes it; capped, so a hostile class cannot build a deep tree. */
function quillDepth(item: Element): number {
  for (const name of Array.from(item.classList)) {
    const level = QUILL_INDENT.exec(name)?.[1];
    if (level !== undefined) return Math.min(Number(level), CONTENT_MAX_INDENT);
  }
  return 0;
}

/**
 * Quill writes a nested list as one flat list whose items carry their depth (ql-indent-N), Quill 1
 * a change of kind (numbers under bullets) as the next list beside it, and Quill 2 each item's kind
 * (data-list). Rebuilds each run of such lists as the editor writes nesting
 * (docs/decisions/010-rich-text-html.md): a deeper item goes in a list of its own inside the item
 * above it, and a list that starts deeper gets an empty item to hold it. Other lists are left alone.
 */
export function nestQuillLists(root: Element): void {
  const runs: Element[][] = [];
  for (const list of Array.from(root.querySelectorAll('ol, ul'))) {
    const run = runs[runs.length - 1];
    if (run && previousElement(list) === run[run.length - 1]) run.push(list);
    else runs.push([list]);
  }
  for (const run of runs) {
    const items = run.flatMap((list) => Array.from(list.children).filter((child) => child.nodeName === 'LI'));
    if (items.some((item) => quillDepth(item) > 0 || item.hasAttribute('data-list'))) nestQuillRun(run);
  }
}

/** The element just before this one, whitespace between them skipped; null when text or nothing is. */
function previousElement(element: Element): Element | null {
  let node = element.previousSibling;
  while (node && node.nodeType !== ELEMENT_NODE && (node.textContent ?? '').trim() === '') node = node.previousSibling;
  return node?.nodeType === ELEMENT_NODE ? (node as Element) : null;
}

/** One run of adjacent flat lists, as one list of items whose kind is their own list's (or data-list). */
function nestQuillRun(run: Element[]): void {
  const document = run[0]!.ownerDocument;
  const lists: Element[] = []; // what replaces the run, in order
  const open: Element[] = []; // open[d]: the list that takes the items of depth d
  const openList = (tag: string) => {
    const created = document.createElement(tag);
    const parent = open[open.length - 1];
    if (!parent) lists.push(created);
    else {
      const last = parent.lastElementChild;
      const holder = last?.nodeName === 'LI' ? last : parent.appendChild(document.createElement('li'));
      holder.appendChild(created);
    }
    open.push(created);
  };
  for (const list of run) {
    for (const child of Array.from(list.childNodes)) {
      if (child.nodeType !== ELEMENT_NODE || child.nodeName !== 'LI') {
        // Whatever else the list held stays in the list open at that point.
        if (open.length === 0) openList(list.nodeName);
        open[open.length - 1]!.appendChild(child);
        continue;
      }
      const item = child as Element;
      const depth = quillDepth(item);
      const tag = QUILL_LIST_TAGS[item.getAttribute('data-list') ?? ''] ?? list.nodeName;
      open.length = Math.min(open.length, depth + 1);
      // A change of kind starts a new list at that depth.
      if (open.length === depth + 1 && open[depth]!.nodeName !== tag) open.length = depth;
      while (open.length <= depth) openList(tag);
      for (const name of Array.from(item.classList)) if (QUILL_INDENT.test(name)) item.classList.remove(name);
      item.removeAttribute('data-list');
      open[depth]!.appendChild(item);
    }
  }
  run[0]!.replaceWith(...lists);
  for (const list of run.slice(1)) list.remove();
}

// ---------------------------------------------------------------------------------------------
// Out: stored content in Quill's names

/**
 * Stored (sanitized) content, in `root`, rewritten as Quill 1.3.7 writes the same document: every
 * nested list flattened (flattenForQuill), each code block a <pre class="ql-syntax"> of its text
 * (the highlighting's spans and the language's class kept: Quill reads the text, and a save of the
 * answer as it is keeps both), and the content classes in Quill's names.
 */
export function toQuillHtml(root: Element): void {
  const outerLists = Array.from(root.querySelectorAll('ol, ul')).filter((list) => !list.parentElement?.closest('li'));
  for (const list of outerLists) flattenForQuill(list);
  // Quill holds one list where the editor's two of a kind meet (it joins them on reading).
  for (const list of Array.from(root.querySelectorAll('ol, ul'))) {
    const previous = previousElement(list);
    if (previous?.nodeName === list.nodeName) {
      previous.append(...Array.from(list.childNodes));
      list.remove();
    }
  }
  for (const pre of Array.from(root.querySelectorAll('pre'))) {
    const code = pre.firstElementChild?.nodeName === 'CODE' ? pre.firstElementChild : null;
    if (!code) continue;
    const language = codeLanguageOfClass(code.getAttribute('class') ?? '');
    pre.setAttribute('class', language ? `${QUILL_CODE_BLOCK_CLASS} language-${language}` : QUILL_CODE_BLOCK_CLASS);
    pre.setAttribute('spellcheck', 'false');
    code.replaceWith(...Array.from(code.childNodes));
    // HTML drops a line break just after <pre>: a block that starts with an empty line needs two.
    const first = pre.firstChild;
    if (first?.nodeType === TEXT_NODE && first.textContent!.startsWith('\n')) {
      first.textContent = `\n${first.textContent}`;
    }
  }
  for (const element of Array.from(root.querySelectorAll('[class]'))) {
    if (element.closest('pre')) continue; // a code block's own classes (and its highlighting's) are not ours
    const names = element.getAttribute('class')!.split(/\s+/);
    // A list item's ql-indent-N is its depth (flattenForQuill): its own indentation, which Quill
    // has no word for, keeps the site's name, so that a save of the answer keeps it too.
    const quillNames = names.map((name) =>
      element.nodeName === 'LI' && INDENT.test(name) ? name : toQuillClass(name),
    );
    element.setAttribute('class', quillNames.join(' '));
  }
}

/**
 * A list and the lists nested in it as Quill holds them: one flat list per run of items of one kind,
 * each item's depth its class ql-indent-N. An item that only holds a deeper list is an empty item,
 * but for one that reading the flat list makes again (nestQuillRun: a list that starts deeper than
 * the item before it gets such an item, of its own kind), which is left out, as Quill wrote it.
 */
function flattenForQuill(list: Element): void {
  const document = list.ownerDocument;
  const lists: Element[] = [];
  const add = (item: Element, tag: string) => {
    let last = lists[lists.length - 1];
    if (last?.nodeName !== tag) lists.push((last = document.createElement(tag)));
    last.appendChild(item);
  };
  // The depth of the item written last; a list just after another list continues it (one run).
  let lastDepth = ['OL', 'UL'].includes(previousElement(list)?.nodeName ?? '') ? 0 : -1;
  const walk = (current: Element, depth: number) => {
    for (const item of Array.from(current.children)) {
      if (item.nodeName !== 'LI') continue;
      const nested = Array.from(item.children).filter((child) => child.nodeName === 'OL' || child.nodeName === 'UL');
      for (const inner of nested) inner.remove();
      const madeAgain = item.childNodes.length === 0 && nested[0]?.nodeName === current.nodeName && lastDepth < depth;
      if (!madeAgain) {
        if (depth > 0) item.classList.add(`ql-indent-${depth}`);
        add(item, current.nodeName);
        lastDepth = depth;
      }
      for (const inner of nested) walk(inner, depth + 1);
    }
  };
  walk(list, 0);
  list.replaceWith(...lists);
}
