// The rich-text editor of the post forms: Slate
// with history, a toolbar (bold, italic, underline, strike, inline code, two levels of subheading,
// quote, numbered and bullet lists, code block, divider, picture, outdent, indent, four alignments,
// link, clean), pictures also pasted or dropped (uploaded at once through onUploadPicture), keyboard and Markdown shortcuts, and pastes read into its own structure. HTML in (htmlToSlate) and
// out (slateToHtml): what it reports through onChange is exactly what the server stores.
// Loaded on demand (lazy-rich-text-editor.tsx): Slate is in no other screen's JavaScript.
import {
  useCallback,
  useRef,
  useState,
  type ClipboardEvent as ReactClipboardEvent,
  type DragEvent as ReactDragEvent,
  type KeyboardEvent as ReactKeyboardEvent,
} from 'react';
import { createEditor, Editor, Range, Transforms, type Descendant, type RangeRef } from 'slate';
import { CODE_LANGUAGES } from '#kernel/code-languages.ts';
import { layoutClasses } from '#kernel/content-rules.ts';
import {
  CONTENT_PICTURE_SIZES,
  PICTURE_ALT_PROMPT,
  PICTURE_TEXT_MAX,
  uploadPath,
  uploadSrcset,
  type PictureImage,
} from '#kernel/content-pictures.ts';
import { ACCEPTED_IMAGE_TYPES } from '#kernel/image-rules.ts';
import { HistoryEditor, withHistory } from 'slate-history';
import {
  Editable,
  ReactEditor,
  Slate,
  useSlate,
  useSlateStatic,
  withReact,
  type RenderElementProps,
  type RenderLeafProps,
} from 'slate-react';
import {
  activeAlign,
  activeBlockFormat,
  activeCodeBlock,
  activeHeading,
  activeLink,
  applyLink,
  clearFormatting,
  indent,
  insertDivider,
  insertPicture,
  isMarkActive,
  outdent,
  removeLink,
  setAlign,
  setCodeLanguage,
  toggleBlockQuote,
  toggleCodeBlock,
  toggleHeading,
  toggleList,
  toggleMark,
} from './editor-commands';
import { htmlToSlate } from './html-deserialize';
import { slateToHtml } from './html-serialize';
import { LinkPopover } from './link-popover';
import { withRichText } from './rich-text-plugin';
import {
  isTextBlock,
  type Align,
  type CodeBlockElement,
  type Mark,
  type PictureElement,
  type RichTextEditor as RichEditor,
} from './rich-text-types';
import { shortcutFor, shortcutLabel, type ShortcutCommand } from './shortcuts';
import { insertTable } from './table-commands';
import { handleTableTab, TableElementView, TableNotice } from './table-tools';
import { ToolbarIcon, type IconName } from './toolbar-icons';
import '../rich-content.css';
import './rich-text-editor.css';

export interface RichTextEditorProps {
  /** The HTML to start from; read once, when the editor mounts (give it a new key to load other HTML). */
  initialHtml: string;
  /** The HTML after every change of the content (not for a mere move of the cursor). */
  onChange: (html: string) => void;
  /** The id of the editable area, for a label's or an error's focus(). */
  id?: string;
  /** The id of the element that names the field (its visible label). */
  labelledBy: string;
  /** The id of the field's message, read after its name. */
  describedBy?: string;
  invalid?: boolean;
  placeholder?: string;
  /**
   * Stores a picture the author inserts (toolbar, paste, drop) and gives its stored image; rejects
   * with the message to show. Without it the editor offers no pictures.
   */
  onUploadPicture?: (file: File) => Promise<PictureImage>;
}

const isPictureFile = (file: File) => (ACCEPTED_IMAGE_TYPES as readonly string[]).includes(file.type);

export function RichTextEditor({
  initialHtml,
  onChange,
  id,
  labelledBy,
  describedBy,
  invalid = false,
  placeholder = 'Write the post…',
  onUploadPicture,
}: RichTextEditorProps) {
  const [{ editor, initialValue }] = useState(() => {
    const created = withRichText(withHistory(withReact(createEditor())));
    created.children = htmlToSlate(initialHtml);
    // Foreign HTML may need fixing into the editor's shapes; not a step anyone can undo.
    HistoryEditor.withoutSaving(created, () => Editor.normalize(created, { force: true }));
    return { editor: created, initialValue: created.children };
  });
  const lastHtml = useRef<string | null>(null);
  // Where the link goes, kept up to date while the link form is open (the text may change meanwhile).
  const [linkRange, setLinkRange] = useState<RangeRef | null>(null);
  const pictureInput = useRef<HTMLInputElement>(null);
  // What became of the last pictures inserted: being uploaded, or why they were not.
  const [pictureStatus, setPictureStatus] = useState<{ text: string; failed: boolean } | null>(null);

  /** Uploads the picture files one after the other and puts each in the text at `at` (or the cursor). */
  const addPictures = async (files: File[], at?: Range | null) => {
    if (!onUploadPicture) return;
    const pictures = files.filter(isPictureFile);
    if (pictures.length === 0) {
      setPictureStatus({ text: 'A picture must be a JPEG, PNG or WebP file', failed: true });
      return;
    }
    if (at) Transforms.select(editor, at);
    ensureSelection(editor);
    const place = Editor.rangeRef(editor, editor.selection!);
    setPictureStatus({
      text: pictures.length > 1 ? 'Uploading the pictures…' : 'Uploading the picture…',
      failed: false,
    });
    try {
      for (const file of pictures) {
        const image = await onUploadPicture(file);
        if (place.current) Transforms.select(editor, place.current);
        ensureSelection(editor);
        insertPicture(editor, image);
        place.current = editor.selection;
      }
      setPictureStatus(null);
    } catch (error) {
      setPictureStatus({ text: (error as Error).message || 'The picture could not be uploaded', failed: true });
    } finally {
      place.unref();
    }
  };

  const handlePaste = (event: ReactClipboardEvent<HTMLDivElement>) => {
    const files = Array.from(event.clipboardData.files);
    if (!onUploadPicture || !files.some(isPictureFile)) return;
    // A pasted picture (a screenshot, an image copied from a page) is uploaded, not pasted as data.
    event.preventDefault();
    void addPictures(files);
  };

  const handleDrop = (event: ReactDragEvent<HTMLDivElement>) => {
    const files = Array.from(event.dataTransfer.files);
    if (!onUploadPicture || !files.some(isPictureFile)) return;
    event.preventDefault();
    void addPictures(files, ReactEditor.findEventRange(editor, event));
  };

  const handleValueChange = useCallback(
    (value: Descendant[]) => {
      const html = slateToHtml(value);
      if (html === lastHtml.current) return;
      lastHtml.current = html;
      onChange(html);
    },
    [onChange],
  );

  const openLinkPopover = useCallback(() => {
    ensureSelection(editor);
    if (editor.selection) setLinkRange(Editor.rangeRef(editor, editor.selection));
  }, [editor]);

  const runCommand = useCallback(
    (command: Command) => {
      syncSelectionFromDom(editor);
      ensureSelection(editor);
      if (command === 'link') {
        openLinkPopover();
        return;
      }
      if (command === 'picture') {
        pictureInput.current?.click();
        return;
      }
      applyCommand(editor, command);
      ReactEditor.focus(editor);
    },
    [editor, openLinkPopover],
  );

  const handleKeyDown = (event: ReactKeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Tab' && !event.ctrlKey && !event.metaKey && !event.altKey) {
      // In a table, Tab and Shift+Tab go from cell to cell (table-tools.tsx).
      syncSelectionFromDom(editor);
      if (handleTableTab(editor, event)) return;
      // In a list, Tab changes the item's level; anywhere else it leaves the editor as usual.
      if (Editor.above(editor, { match: (node) => isTextBlock(node) && node.type === 'list-item' })) {
        event.preventDefault();
        if (event.shiftKey) outdent(editor);
        else indent(editor);
      }
      return;
    }
    const command = shortcutFor(event);
    if (command) {
      event.preventDefault();
      runCommand(command);
    }
  };

  const closeLinkPopover = () => {
    linkRange?.unref();
    setLinkRange(null);
    ReactEditor.focus(editor);
  };

  /** Selects the text the link form is about again, and runs `change` on it. */
  const onLinkRange = (change: () => void) => () => {
    const range = linkRange?.current;
    if (range) {
      Transforms.select(editor, range);
      change();
    }
    closeLinkPopover();
  };

  const linkUrl = linkRange?.current ? (activeLink(editor, linkRange.current)?.[0].url ?? '') : '';

  return (
    <div className="rte" data-invalid={invalid || undefined}>
      <Slate editor={editor} initialValue={initialValue} onValueChange={handleValueChange}>
        <Toolbar onCommand={runCommand} linkOpen={linkRange !== null} pictures={onUploadPicture !== undefined} />
        <TableNotice />
        {onUploadPicture && (
          <input
            ref={pictureInput}
            type="file"
            accept={ACCEPTED_IMAGE_TYPES.join(',')}
            multiple
            hidden
            data-testid="rte-picture-file"
            onChange={(event) => {
              const files = Array.from(event.target.files ?? []);
              event.target.value = '';
              if (files.length > 0) void addPictures(files);
            }}
          />
        )}
        {pictureStatus && (
          <p className="rte-picture-status" role={pictureStatus.failed ? 'alert' : 'status'}>
            {pictureStatus.text}
          </p>
        )}
        {linkRange && (
          <LinkPopover
            initialUrl={linkUrl}
            onApply={(url) => onLinkRange(() => applyLink(editor, url))()}
            onRemove={linkUrl ? onLinkRange(() => removeLink(editor)) : undefined}
            onCancel={onLinkRange(() => undefined)}
          />
        )}
        <Editable
          id={id}
          className="rte-content"
          aria-labelledby={labelledBy}
          aria-describedby={describedBy}
          aria-invalid={invalid || undefined}
          placeholder={placeholder}
          renderElement={renderElement}
          renderLeaf={renderLeaf}
          onKeyDown={handleKeyDown}
          onPaste={handlePaste}
          onDrop={handleDrop}
          scrollSelectionIntoView={scrollCaretIntoView}
          spellCheck
        />
      </Slate>
    </div>
  );
}

type Command = ShortcutCommand | 'divider' | 'picture' | 'table' | `align-${Align}`;

/**
 * Slate reads the page's selection at most every 100 ms: a command that follows a keyboard
 * selection at once (Shift+arrows, then a shortcut or a toolbar click) must not act on an older one.
 */
function syncSelectionFromDom(editor: RichEditor): void {
  const domSelection = window.getSelection();
  if (!domSelection || domSelection.rangeCount === 0) return;
  const { anchorNode, focusNode } = domSelection;
  if (!anchorNode || !focusNode) return;
  if (!ReactEditor.hasDOMNode(editor, anchorNode) || !ReactEditor.hasDOMNode(editor, focusNode)) return;
  const range = ReactEditor.toSlateRange(editor, domSelection, { exactMatch: false, suppressThrow: true });
  if (range && !(editor.selection && Range.equals(range, editor.selection))) Transforms.select(editor, range);
}

/** Room kept between the caret and what it must not go under: the pinned toolbar, the window's bottom. */
const CARET_ROOM = 12;

/**
 * Scrolls the page so that the caret (the selection's moving end) is in sight after typing or moving
 * it. Slate's own scrolling stops once the caret is anywhere in the window, which can be under the
 * toolbar pinned to its top: this keeps the caret below the toolbar's bottom edge as well.
 */
function scrollCaretIntoView(editor: ReactEditor, domRange: globalThis.Range): void {
  const caret = domRange.cloneRange();
  caret.collapse(editor.selection ? Range.isBackward(editor.selection) : false);
  const node = caret.startContainer;
  const element = node instanceof Element ? node : node.parentElement;
  if (!element) return;
  let rect = caret.getBoundingClientRect();
  if (rect.height === 0) {
    // Chromium gives an empty box for a caret at some places (an empty line): its text's own box stands
    // in for it. Beside a picture or a divider there is none, and Slate's own rule is kept: no scroll.
    const leaf = element.closest('[data-slate-leaf]');
    if (!leaf) return;
    rect = leaf.getBoundingClientRect();
  }
  const toolbar = element.closest('.rte')?.querySelector('.rte-toolbar');
  const pinned = toolbar && getComputedStyle(toolbar).position === 'sticky';
  const top = (pinned ? Math.max(0, toolbar.getBoundingClientRect().bottom) : 0) + CARET_ROOM;
  const bottom = window.innerHeight - CARET_ROOM;
  if (rect.top < top) window.scrollBy({ top: rect.top - top, behavior: 'instant' });
  else if (rect.bottom > bottom) window.scrollBy({ top: rect.bottom - bottom, behavior: 'instant' });
}

function ensureSelection(editor: RichEditor): void {
  if (!editor.selection) Transforms.select(editor, Editor.end(editor, []));
}

function applyCommand(editor: RichEditor, command: Exclude<Command, 'link' | 'picture'>): void {
  switch (command) {
    case 'bold':
    case 'italic':
    case 'underline':
    case 'strikethrough':
    case 'code':
      toggleMark(editor, command);
      return;
    case 'heading-two':
    case 'heading-three':
      toggleHeading(editor, command);
      return;
    case 'code-block':
      toggleCodeBlock(editor);
      return;
    case 'divider':
      insertDivider(editor);
      return;
    case 'table':
      insertTable(editor);
      return;
    case 'block-quote':
      toggleBlockQuote(editor);
      return;
    case 'numbered-list':
    case 'bulleted-list':
      toggleList(editor, command);
      return;
    case 'indent':
      indent(editor);
      return;
    case 'outdent':
      outdent(editor);
      return;
    case 'clean':
      clearFormatting(editor);
      return;
    default:
      setAlign(editor, command.slice('align-'.length) as Align);
  }
}

interface ToolbarButton {
  command: Command;
  label: string;
  icon: IconName;
  /** For a format that is on or off: whether it is on. */
  pressed?: boolean;
}

const MARK_BUTTONS: ReadonlyArray<[Mark, string]> = [
  ['bold', 'Bold'],
  ['italic', 'Italic'],
  ['underline', 'Underline'],
  ['strikethrough', 'Strikethrough'],
  ['code', 'Inline code'],
];

const ALIGN_BUTTONS: ReadonlyArray<[Align, string]> = [
  ['left', 'Align left'],
  ['center', 'Align center'],
  ['right', 'Align right'],
  ['justify', 'Justify'],
];

/** The WAI-ARIA toolbar pattern: one Tab stop, arrow keys move between the buttons. */
function Toolbar({
  onCommand,
  linkOpen,
  pictures,
}: {
  onCommand: (command: Command) => void;
  linkOpen: boolean;
  pictures: boolean;
}) {
  // useSlate: re-rendered on every change, the selection included, so the pressed states follow the cursor.
  const editor = useSlate();
  const [current, setCurrent] = useState(0);
  const buttons = useRef<Array<HTMLButtonElement | null>>([]);

  const blockFormat = activeBlockFormat(editor);
  const heading = activeHeading(editor);
  const inCode = activeCodeBlock(editor) !== null;
  const align = activeAlign(editor);
  const inLink = activeLink(editor) !== null;
  const groups: ToolbarButton[][] = [
    MARK_BUTTONS.map(([mark, label]) => ({ command: mark, label, icon: mark, pressed: isMarkActive(editor, mark) })),
    [
      { command: 'heading-two', label: 'Heading', icon: 'heading-two', pressed: heading === 'heading-two' },
      { command: 'heading-three', label: 'Subheading', icon: 'heading-three', pressed: heading === 'heading-three' },
    ],
    [
      { command: 'block-quote', label: 'Blockquote', icon: 'block-quote', pressed: blockFormat === 'block-quote' },
      {
        command: 'numbered-list',
        label: 'Numbered list',
        icon: 'numbered-list',
        pressed: blockFormat === 'numbered-list',
      },
      {
        command: 'bulleted-list',
        label: 'Bulleted list',
        icon: 'bulleted-list',
        pressed: blockFormat === 'bulleted-list',
      },
      { command: 'code-block', label: 'Code block', icon: 'code-block', pressed: inCode },
    ],
    // Smaller groups than one of eight, so that on a narrow phone they wrap between groups.
    [
      { command: 'divider', label: 'Divider', icon: 'divider' },
      ...(pictures ? [{ command: 'picture' as const, label: 'Picture', icon: 'picture' as const }] : []),
      { command: 'table', label: 'Table', icon: 'table' },
    ],
    [
      { command: 'outdent', label: 'Decrease indent', icon: 'outdent' },
      { command: 'indent', label: 'Increase indent', icon: 'indent' },
    ],
    ALIGN_BUTTONS.map(([value, label]) => ({
      command: `align-${value}` as const,
      label,
      icon: `align-${value}` as const,
      pressed: align === value,
    })),
    [
      { command: 'link', label: inLink ? 'Edit link' : 'Link', icon: 'link' },
      { command: 'clean', label: 'Clear formatting', icon: 'clean' },
    ],
  ];
  const flat = groups.flat();

  const moveFocus = (index: number) => {
    const next = (index + flat.length) % flat.length;
    setCurrent(next);
    buttons.current[next]?.focus();
  };

  const handleKeyDown = (event: ReactKeyboardEvent<HTMLDivElement>) => {
    const moves: Record<string, number> = { ArrowRight: current + 1, ArrowLeft: current - 1, Home: 0, End: -1 };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    moveFocus(target);
  };

  let index = -1;
  return (
    <div className="rte-toolbar" role="toolbar" aria-label="Formatting" onKeyDown={handleKeyDown}>
      {groups.map((group, groupIndex) => (
        <div className="rte-toolbar-group" key={groupIndex}>
          {group.map((button) => {
            index += 1;
            const position = index;
            const shortcut = shortcutLabel(button.command);
            return (
              <button
                key={button.command}
                ref={(element) => {
                  buttons.current[position] = element;
                }}
                type="button"
                className="rte-button"
                tabIndex={position === current ? 0 : -1}
                aria-label={button.label}
                aria-pressed={button.pressed}
                aria-haspopup={button.command === 'link' ? 'dialog' : undefined}
                aria-expanded={button.command === 'link' ? linkOpen : undefined}
                title={shortcut ? `${button.label} (${shortcut})` : button.label}
                // Keeps the focus, and so the selection, in the text while clicking.
                onMouseDown={(event) => event.preventDefault()}
                onFocus={() => setCurrent(position)}
                onClick={() => onCommand(button.command)}
              >
                <ToolbarIcon name={button.icon} />
              </button>
            );
          })}
        </div>
      ))}
    </div>
  );
}

function classNameOf(element: { align?: Align; indent?: number }): string | undefined {
  return layoutClasses(element).join(' ') || undefined;
}

// Chromium places the cursor wrongly at the edges of an inline element without these
// (Slate's own inlines example).
function InlineChromiumBugfix() {
  return (
    <span contentEditable={false} className="rte-inline-fix">
      {'\u00a0'}
    </span>
  );
}

/** A code block, with the language it is labelled with (a menu outside the editable text). */
function CodeBlock({ attributes, children, element }: RenderElementProps & { element: CodeBlockElement }) {
  const editor = useSlateStatic();
  return (
    <div {...attributes} className="rte-code-block">
      <span contentEditable={false} className="rte-code-language">
        <select
          aria-label="Code language"
          value={element.language ?? ''}
          onChange={(event) => setCodeLanguage(editor, ReactEditor.findPath(editor, element), event.target.value)}
        >
          <option value="">Plain text</option>
          {Object.entries(CODE_LANGUAGES).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </span>
      <pre>
        <code>{children}</code>
      </pre>
    </div>
  );
}

/**
 * A picture as readers will see it, with its alt text (a clear prompt while there is none) and
 * caption edited in fields outside the editable text, and a button that takes it out.
 */
function PictureBlock({ attributes, children, element }: RenderElementProps & { element: PictureElement }) {
  const editor = useSlateStatic();
  const set = (fields: Partial<Pick<PictureElement, 'alt' | 'caption'>>) =>
    Transforms.setNodes(editor, fields, { at: ReactEditor.findPath(editor, element) });
  const missingAlt = element.alt.trim() === '';
  const promptId = `rte-alt-prompt-${element.storageKey}`;
  return (
    <div {...attributes} className="rte-picture">
      <figure contentEditable={false}>
        <img
          src={uploadPath(element.storageKey, element.variantWidths.at(-1) ?? element.width)}
          srcSet={uploadSrcset(element)}
          sizes={CONTENT_PICTURE_SIZES}
          width={element.width}
          height={element.height}
          alt={element.alt}
        />
        <label className="rte-picture-field">
          <span>Alt text</span>
          <input
            value={element.alt}
            maxLength={PICTURE_TEXT_MAX}
            aria-invalid={missingAlt || undefined}
            aria-describedby={missingAlt ? promptId : undefined}
            onChange={(event) => set({ alt: event.target.value })}
          />
        </label>
        {missingAlt && (
          <p className="rte-picture-prompt" id={promptId}>
            {PICTURE_ALT_PROMPT}
          </p>
        )}
        <label className="rte-picture-field">
          <span>Caption (optional)</span>
          <input
            value={element.caption}
            maxLength={PICTURE_TEXT_MAX}
            onChange={(event) => set({ caption: event.target.value })}
          />
        </label>
        <button
          type="button"
          className="rte-picture-remove"
          onClick={() => Transforms.removeNodes(editor, { at: ReactEditor.findPath(editor, element) })}
        >
          Remove picture
        </button>
      </figure>
      {children}
    </div>
  );
}

function renderElement(props: RenderElementProps) {
  const { attributes, children, element } = props;
  switch (element.type) {
    case 'heading-two':
      return (
        <h2 {...attributes} className={classNameOf(element)}>
          {children}
        </h2>
      );
    case 'heading-three':
      return (
        <h3 {...attributes} className={classNameOf(element)}>
          {children}
        </h3>
      );
    case 'code-block':
      return <CodeBlock {...props} element={element} />;
    case 'picture':
      return <PictureBlock {...props} element={element} />;
    case 'divider':
      return (
        <div {...attributes} className="rte-divider">
          <hr contentEditable={false} />
          {children}
        </div>
      );
    case 'block-quote':
      return (
        <blockquote {...attributes} className={classNameOf(element)}>
          {children}
        </blockquote>
      );
    case 'table':
    case 'table-row':
    case 'table-cell':
      return <TableElementView {...props} />;
    case 'bulleted-list':
      return <ul {...attributes}>{children}</ul>;
    case 'numbered-list':
      return <ol {...attributes}>{children}</ol>;
    case 'list-item':
      return (
        <li {...attributes} className={classNameOf(element)}>
          {children}
        </li>
      );
    case 'link':
      return (
        <a {...attributes} href={element.url} title={element.url} target="_blank" rel="noopener noreferrer">
          <InlineChromiumBugfix />
          {children}
          <InlineChromiumBugfix />
        </a>
      );
    default:
      return (
        <p {...attributes} className={classNameOf(element)}>
          {children}
        </p>
      );
  }
}

function renderLeaf({ attributes, children, leaf }: RenderLeafProps) {
  let content = children;
  if (leaf.bold) content = <strong>{content}</strong>;
  if (leaf.italic) content = <em>{content}</em>;
  if (leaf.underline) content = <u>{content}</u>;
  if (leaf.strikethrough) content = <s>{content}</s>;
  if (leaf.code) content = <code>{content}</code>;
  return <span {...attributes}>{content}</span>;
}

export default RichTextEditor;
