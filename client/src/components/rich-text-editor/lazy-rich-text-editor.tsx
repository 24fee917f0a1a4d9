// The rich-text editor as the forms use it: its code (Slate and the HTML reader and writer) is a
// chunk of its own, fetched when a form first shows it, so no public page ever downloads it.
import { lazy, Suspense } from 'react';
import { Spinner } from '../spinner';
import type { RichTextEditorProps } from './rich-text-editor';
import './lazy-rich-text-editor.css';

const loadEditor = () => import('./rich-text-editor');
const RichTextEditor = lazy(async () => ({ default: (await loadEditor()).RichTextEditor }));

/** Starts fetching the editor's chunk early (a form page calls it while its own data loads). */
export function preloadRichTextEditor(): void {
  void loadEditor();
}

export type { RichTextEditorProps };

export function LazyRichTextEditor(props: RichTextEditorProps) {
  return (
    <Suspense
      fallback={
        <div className="rte-placeholder">
          <Spinner label="Loading the editor" />
        </div>
      }
    >
      <RichTextEditor {...props} />
    </Suspense>
  );
}
