// An edit refused because the post changed elsewhere (CONFLICT: another tab, another device) is
// shown where the author just pressed Save, brought into view and given focus. A refused autosave is
// announced without moving the view or the focus from the text being typed; a bar held at the bottom
// of the window then leads to the choices. Three ways out: Keep mine (this tab's text is
// saved over the other, based on the version now stored), Take theirs (the stored version comes
// into the form; this tab's text stays on screen below until the author leaves), and the two
// versions side by side to compare first.
import { useEffect, useId, useRef } from 'react';
import type { PostFormValues } from './post-form-values';
import './edit-conflict.css';

/** The stored version the conflict is about, or why it could not be read. */
export type OtherVersion =
  | { kind: 'loading' }
  | { kind: 'loaded'; values: PostFormValues; updatedAt: string }
  | { kind: 'failed'; message: string };

interface EditConflictProps {
  message: string;
  /** The refused save was one the author asked for: the focus moves here. */
  asked: boolean;
  mine: PostFormValues;
  theirs: OtherVersion;
  onKeepMine: () => void;
  onTakeTheirs: () => void;
  onRetry: () => void;
}

export function EditConflict({ message, asked, mine, theirs, onKeepMine, onTakeTheirs, onRetry }: EditConflictProps) {
  const ref = useRef<HTMLElement>(null);
  const headingId = useId();
  useEffect(() => {
    if (!asked) return;
    ref.current?.scrollIntoView({ block: 'nearest' });
    ref.current?.focus({ preventScroll: true });
  }, [asked]);
  const loaded = theirs.kind === 'loaded';
  return (
    <section ref={ref} className="edit-conflict" aria-labelledby={headingId} tabIndex={-1}>
      <h2 id={headingId} className="edit-conflict-heading">
        Not saved: this post changed elsewhere
      </h2>
      <p role="alert">{message}</p>
      <p>
        Keep mine saves the text of this tab over the other version. Take theirs puts the other version in the form;
        your text stays on this page until you leave it.
      </p>
      {theirs.kind === 'failed' && (
        <p className="edit-conflict-failure">
          The other version could not be loaded: {theirs.message}{' '}
          <button className="button button-secondary" type="button" onClick={onRetry}>
            Try again
          </button>
        </p>
      )}
      <div className="edit-conflict-actions">
        <button className="button" type="button" onClick={onKeepMine} disabled={!loaded}>
          Keep mine
        </button>
        <button className="button button-secondary" type="button" onClick={onTakeTheirs} disabled={!loaded}>
          Take theirs
        </button>
      </div>
      {loaded && (
        <details className="edit-conflict-compare">
          <summary>Compare the two versions</summary>
          <VersionsSideBySide
            left={{ label: 'Yours, in this tab', values: mine }}
            right={{ label: 'Theirs, as saved', values: theirs.values }}
          />
        </details>
      )}
    </section>
  );
}

/** After a refused autosave: held at the bottom of the window, it leads to the choices (onShow). */
export function ConflictPointer({ onShow }: { onShow: () => void }) {
  return (
    <div className="edit-conflict-pointer">
      <p>Not saved: this post changed elsewhere.</p>
      <button className="button" type="button" onClick={onShow}>
        Choose which version to keep
      </button>
    </div>
  );
}

/** This tab's text after Take theirs: on screen until the author leaves, to copy from or put back. */
export function ReplacedText({
  mine,
  current,
  onPutBack,
}: {
  mine: PostFormValues;
  current: PostFormValues;
  onPutBack: () => void;
}) {
  const ref = useRef<HTMLElement>(null);
  const headingId = useId();
  // The conflict's panel, which had the focus, is gone: the focus goes on from here.
  useEffect(() => ref.current?.focus(), []);
  return (
    <section ref={ref} className="edit-conflict" aria-labelledby={headingId} tabIndex={-1}>
      <h2 id={headingId} className="edit-conflict-heading">
        Your text from this tab, not saved
      </h2>
      <p>The form now holds the saved version. Yours stays here until you leave this page.</p>
      <div className="edit-conflict-actions">
        <button className="button button-secondary" type="button" onClick={onPutBack}>
          Put mine back in the form
        </button>
      </div>
      <VersionsSideBySide
        left={{ label: 'Yours, not saved', values: mine }}
        right={{ label: 'Theirs, as saved', values: current }}
      />
    </section>
  );
}

const COMPARED = [
  ['title', 'Title'],
  ['subtitle', 'Subtitle'],
  ['description', 'Description'],
  ['content', 'Content'],
] as const;

function VersionsSideBySide({
  left,
  right,
}: {
  left: { label: string; values: PostFormValues };
  right: { label: string; values: PostFormValues };
}) {
  // Each text's name above its two versions: the versions get the whole width, also on a phone.
  return (
    <table className="edit-conflict-versions">
      <thead>
        <tr>
          <th scope="col">{left.label}</th>
          <th scope="col">{right.label}</th>
        </tr>
      </thead>
      {COMPARED.map(([field, label]) => {
        const read = field === 'content' ? readableText : (text: string) => text;
        const [a, b] = [read(left.values[field]), read(right.values[field])];
        return (
          <tbody key={field} className={a === b ? undefined : 'edit-conflict-differs'}>
            <tr>
              <th scope="rowgroup" colSpan={2}>
                {label}
                {a === b ? ' (the same)' : ' (differs)'}
              </th>
            </tr>
            <tr>
              <td>{a || <span className="edit-conflict-empty">(empty)</span>}</td>
              <td>{b || <span className="edit-conflict-empty">(empty)</span>}</td>
            </tr>
          </tbody>
        );
      })}
    </table>
  );
}

/** The editor's HTML as a reader reads it: its words, a line for each block, no markup. */
function readableText(html: string): string {
  const lines = html.replace(/<\/(?:p|li|h[1-6]|blockquote|pre|figure|div)>|<br\s*\/?>/gi, '$&\n');
  // A detached document: nothing in it loads or runs.
  const text = new DOMParser().parseFromString(lines, 'text/html').body.textContent ?? '';
  return text.replace(/\n{3,}/g, '\n\n').trim();
}
