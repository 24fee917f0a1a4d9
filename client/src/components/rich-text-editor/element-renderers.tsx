// How the editor shows its content: an element per block and inline (the tags the post page shows,
// with the content's layout classes, so rich-content.css styles both alike), the code block's
// language menu, a picture with its alt text and caption fields, tables (table-tools.tsx), and the
// marks of a run of text.
import { Transforms } from 'slate';
import { ReactEditor, useSlateStatic, type RenderElementProps, type RenderLeafProps } from 'slate-react';
import { CODE_LANGUAGES } from '#kernel/code-languages.ts';
import {
  CONTENT_PICTURE_SIZES,
  PICTURE_ALT_PROMPT,
  PICTURE_TEXT_MAX,
  uploadPath,
  uploadSrcset,
} from '#kernel/content-pictures.ts';
import { layoutClasses } from '#kernel/content-rules.ts';
import { SelectOptions } from '../form/select-options';
import { setCodeLanguage } from './editor-commands';
import type { Align, CodeBlockElement, PictureElement } from './rich-text-types';
import { TableElementView } from './table-tools';

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
          <SelectOptions none="Plain text" options={Object.entries(CODE_LANGUAGES)} />
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

// The text blocks' tags, as the post page has them (html-serialize.ts); any other type is a paragraph.
const TEXT_BLOCK_TAGS = {
  'heading-two': 'h2',
  'heading-three': 'h3',
  'block-quote': 'blockquote',
  'list-item': 'li',
  paragraph: 'p',
} as const;

export function renderElement(props: RenderElementProps) {
  const { attributes, children, element } = props;
  switch (element.type) {
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
    case 'table':
    case 'table-row':
    case 'table-cell':
      return <TableElementView {...props} />;
    case 'bulleted-list':
      return <ul {...attributes}>{children}</ul>;
    case 'numbered-list':
      return <ol {...attributes}>{children}</ol>;
    case 'link':
      return (
        <a {...attributes} href={element.url} title={element.url} target="_blank" rel="noopener noreferrer">
          <InlineChromiumBugfix />
          {children}
          <InlineChromiumBugfix />
        </a>
      );
    default: {
      const Tag = TEXT_BLOCK_TAGS[element.type];
      return (
        <Tag {...attributes} className={classNameOf(element)}>
          {children}
        </Tag>
      );
    }
  }
}

export function renderLeaf({ attributes, children, leaf }: RenderLeafProps) {
  let content = children;
  if (leaf.bold) content = <strong>{content}</strong>;
  if (leaf.italic) content = <em>{content}</em>;
  if (leaf.underline) content = <u>{content}</u>;
  if (leaf.strikethrough) content = <s>{content}</s>;
  if (leaf.code) content = <code>{content}</code>;
  return <span {...attributes}>{content}</span>;
}
