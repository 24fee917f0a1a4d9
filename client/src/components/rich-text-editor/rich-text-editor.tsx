// The rich-text editor of the post forms: Slate
// with history, a toolbar (bold, italic, underline, strike, inline code, two levels of subheading,
// quote, numbered and bullet lists, code block, divider, picture, outdent, indent, four alignments,
// link, clean), pictures also pasted or dropped (uploaded at once through onUploadPicture), keyboard and Markdown shortcuts, and pastes read into its own structure. HTML in (htmlToSlate) and
// out (slateToHtml): what it reports through onChange is exactly what the server stores.
// Its parts: the toolbar (editor-toolbar.tsx), what each command does (apply-command.ts, with the
// edits of editor-commands.ts and table-commands.ts) and how the content shows (element-renderers.tsx).
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
import { HistoryEditor, withHistory } from 'slate-history';
import { Editable, ReactEditor, Slate, withReact } from 'slate-react';
import type { PictureImage } from '#kernel/content-pictures.ts';
import { ACCEPTED_IMAGE_TYPES } from '#kernel/image-rules.ts';
import { applyCommand, type Command } from './apply-command';
import { activeLink, applyLink, indent, insertPicture, outdent, removeLink } from './editor-commands';
import { Toolbar } from './editor-toolbar';
import { renderElement, renderLeaf } from './element-renderers';
import { htmlToSlate } from './html-deserialize';
import { slateToHtml } from './html-serialize';
import { LinkPopover } from './link-popover';
import { withRichText } from './rich-text-plugin';
import { isTextBlock, type RichTextEditor as RichEditor } from './rich-text-types';
import { shortcutFor } from './shortcuts';
import { handleTableTab, TableNotice } from './table-tools';
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
      focusText(editor);
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
    focusText(editor);
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

/**
 * Gives the focus back to the text, where the caret was. Slate's own focus() does nothing while it
 * believes the text has the focus, and it does not hear a blur that comes while it is still putting
 * the page's selection where an edit left it (until its next timer task): Shift+Tab to the toolbar
 * right after an edit, on a busy machine whose input runs before that timer, leaves it believing so,
 * and a toolbar button pressed next would keep the focus. Where the page's focus really is decides.
 */
function focusText(editor: RichEditor): void {
  const text = ReactEditor.toDOMNode(editor, editor);
  if (ReactEditor.isFocused(editor) && !text.contains(document.activeElement)) ReactEditor.blur(editor);
  ReactEditor.focus(editor);
}

function ensureSelection(editor: RichEditor): void {
  if (!editor.selection) Transforms.select(editor, Editor.end(editor, []));
}

export default RichTextEditor;
