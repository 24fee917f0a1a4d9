// The post form of /new and /blog/{id}/edit: image, its alt text and focal point, title, subtitle, rich content,
// category, address, description, and the three ways to save: Submit (publish, as the spec's form
// always did), Save draft, Schedule (at the time in "Publish at"); Cancel when editing. Messages
// appear under their fields, as every form here runs (components/form/use-form.ts); a draft is
// checked by the draft rules (only a title is required). Leaving with unsaved changes asks first.
// Ctrl+S (Cmd+S) saves as the post is now (a draft as a draft...), as its button would. When the
// session ends while the form is open (signed out in another tab, a 401) the form stays, sends
// nothing and says to sign in again; the words stay in the form and in this browser meanwhile.
import {
  useCallback,
  useEffect,
  useImperativeHandle,
  useRef,
  useState,
  type FormEvent,
  type ReactNode,
  type Ref,
} from 'react';
import { useNavigate } from 'react-router';
import {
  DESCRIPTION_MAX,
  POST_TEXT_MAX,
  postTextLength,
  type PostFieldErrors,
  type PostStatusValue,
} from '#kernel/post-rules.ts';
import { readingMinutesOf, wordCountOf } from '#kernel/reading-rules.ts';
import { slugify } from '#kernel/slug-rules.ts';
import { FormActions, ImageField, SelectField, TextField } from '../../components/form/form-field';
import { useForm } from '../../components/form/use-form';
import { useUnsavedChanges } from '../../components/form/use-unsaved-changes';
import { RichTextField } from '../../components/form/rich-text-field';
import { formatSiteDateTime } from '../../lib/format-date';
import { keepPickedImage, keptPickedImage } from '../../lib/kept-images';
import { storedUserInfoText } from '../../lib/user-info';
import { FocalPointField, usePickedImageUrl, type Picture } from '../../components/form/focal-point-field';
import { CATEGORY_OPTIONS, validatePostForm, valuesDiffer, type PostFormValues } from './post-form-values';
import type { SaveOutcome, SaveOptions } from './save-post';
import { SessionEndedNotice, useSessionEnded } from './session-ended-notice';
import { useUploadPicture } from './upload-picture';
import { TagField } from './tag-field';
import './post-form.css';

type Values = PostFormValues & { image: File | null };

interface PostFormProps {
  initialValues: PostFormValues;
  /** What the server holds, when the form opens with other values (a restored draft); else the initial values. */
  savedValues?: PostFormValues;
  /** New post: an image is required (to publish or schedule). Edit: none keeps the current one. */
  imageRequired: boolean;
  /** The post's current picture (edit), shown above the file input. */
  currentImage?: ReactNode;
  /** The current picture's files, for choosing its focal point while no other is picked. */
  currentPicture?: Picture;
  /** What the spinner says while the request runs. */
  busyLabel: string;
  /** Sends the post as `status`; quiet for the autosave (a failure comes back as 'failed', not as a toast). */
  onSubmit: (
    values: PostFormValues,
    image: File | null,
    status: PostStatusValue,
    options?: SaveOptions,
  ) => Promise<SaveOutcome>;
  /** A save based on an older version of the post was refused; `asked`: a save the author asked for (not the autosave). */
  onConflict?: (message: string, { asked }: { asked: boolean }) => void;
  /** The author chose to leave with unsaved changes: they are given up. */
  onLeaveAnyway?: () => void;
  /** Every change of the values, and whether they differ from what the server holds (the local drafts). */
  onValuesChange?: (values: PostFormValues, unsaved: boolean) => void;
  onCancel?: () => void;
  /** What the state line says before any change: the post as it was just saved. */
  savedNote?: string;
  /** A draft's editor: changes to the text are saved as a draft by themselves, shortly after typing stops. */
  autosave?: boolean;
  /**
   * Where this browser keeps the picked picture until the server has it (lib/kept-images.ts): the
   * key of the form's typed draft. A picture kept there is picked again when the form opens.
   */
  draftKey?: string;
  /** A picture kept from an earlier visit was picked again as the form opened. */
  onImageRestored?: () => void;
  /** How Ctrl+S (Cmd+S) saves: as the post is now (a draft as a draft, a published post published). */
  shortcutStatus?: PostStatusValue;
  /** What the state line says instead of its own words (the page knows why nothing can be saved). */
  stateNote?: string;
  /** Shown under the buttons' state line, where the author looks after a save (an edit conflict). */
  notice?: ReactNode;
  /** What the page may ask of the form. */
  controlRef?: Ref<PostFormControl>;
  /** The site's time zone (kernel/zoned-time.ts knownTimeZone): "Publish at" is wall-clock time there. */
  timeZone: string;
}

export interface PostFormControl {
  /** Sends the form again as the last save did (button, status), through the same checks. */
  saveAgain(): void;
}

/** No user in this browser now (not as last rendered: a sign-out's re-render may still be on its way). */
const isSignedOut = () => storedUserInfoText() === null;

/** How long typing must pause before a draft saves itself. */
export const AUTOSAVE_DELAY_MS = 1500;
/** How long a draft whose autosave failed waits before trying again (unless the browser comes back online first). */
export const AUTOSAVE_RETRY_MS = 10_000;

/** The state line's words for a post just saved and still in the editor; a scheduled time in the site's zone. */
export function savedNoteOf(status: PostStatusValue, publishedAt: string | null | undefined, timeZone: string): string {
  if (status === 'SCHEDULED' && publishedAt) return `Saved: scheduled for ${formatSiteDateTime(publishedAt, timeZone)}`;
  return status === 'DRAFT' ? 'Saved' : 'Saved and published';
}

export function PostForm({
  initialValues,
  savedValues,
  imageRequired,
  currentImage,
  currentPicture,
  busyLabel,
  onSubmit,
  onConflict,
  onValuesChange,
  onLeaveAnyway,
  onCancel,
  savedNote: initialNote,
  autosave = false,
  draftKey,
  onImageRestored,
  shortcutStatus = 'DRAFT',
  stateNote,
  notice,
  controlRef,
  timeZone,
}: PostFormProps) {
  const navigate = useNavigate();
  // The button that sent the form says how to save it (Enter in a field: the first one, Submit).
  const statusRef = useRef<PostStatusValue>('PUBLISHED');
  // Ctrl+S saves and stays, even a published post (its Submit button would leave for the post's page).
  const shortcutRef = useRef(false);
  const stayRef = useRef(false);
  // How the last save went out (a button, or the autosave as a draft): Keep mine sends it again.
  const lastStatusRef = useRef<PostStatusValue>('PUBLISHED');
  // Signed out (here or in another tab): nothing can be saved until the author signs in again.
  const sessionEnded = useSessionEnded();
  const sessionNoticeRef = useRef<HTMLDivElement>(null);
  // What the server holds, as far as this form knows: the values as opened, then as last saved.
  const [saved, setSaved] = useState<{ values: PostFormValues; note?: string }>({
    values: savedValues ?? initialValues,
    note: initialNote,
  });
  // The autosave in flight, if any: a save the author asks for waits for it, so both never send the
  // same version of the post (the second would be refused as stale).
  const autosaving = useRef<Promise<unknown> | null>(null);
  const [autosaveBusy, setAutosaveBusy] = useState(false);
  const form = useForm<Values, PostFieldErrors>({
    initialValues: { ...initialValues, image: null },
    validate: (values) =>
      validatePostForm(values, values.image, { imageRequired, status: statusRef.current, timeZone }),
    send: async ({ image, ...values }) => {
      await autosaving.current;
      if (isSignedOut()) {
        sessionNoticeRef.current?.focus();
        return {};
      }
      lastStatusRef.current = statusRef.current;
      const outcome = await onSubmit(values, image, statusRef.current, { stay: stayRef.current });
      if (outcome.kind === 'refused') return outcome.fieldErrors;
      if (outcome.kind === 'failed') return {};
      if (outcome.kind === 'conflict') {
        onConflict?.(outcome.message, { asked: true });
        return undefined;
      }
      if (outcome.leaveTo) {
        allowLeaving();
        const { path, replace, state } = outcome.leaveTo;
        void navigate(path, { replace, state });
      } else {
        setSaved({ values, note: savedNoteOf(outcome.post.status, outcome.post.publishedAt, timeZone) });
        // The picture went up with this save: it is the current one now.
        form.change({ image: null });
      }
      return undefined;
    },
  });
  const { image, title, subtitle, content, category, slug, description, imageAlt, publishAt, focus, tags } =
    form.values;
  const pickedUrl = usePickedImageUrl(image);
  const picture = image ? (pickedUrl ? { src: pickedUrl } : undefined) : currentPicture;
  const dirty = image !== null || valuesDiffer(form.values, saved.values);
  // Signed out, leaving asks nothing and gives nothing up: the words stay in this browser for after
  // the next sign-in (lib/unsaved-work.ts). Read as the author leaves: a sign-out here goes on to /.
  const { allowLeaving } = useUnsavedChanges(dirty, onLeaveAnyway, isSignedOut);
  useKeptImage(draftKey, image, (file) => {
    form.change({ image: file });
    onImageRestored?.();
  });

  // A draft saves its text by itself once typing pauses, when it would pass the draft rules; a picked
  // picture waits for a save the author asks for (an upload on every pause would be wasteful).
  const { values } = form;
  const autosaveReady =
    autosave &&
    !sessionEnded &&
    dirty &&
    !form.busy &&
    values.image === null &&
    Object.keys(validatePostForm(values, null, { imageRequired: false, status: 'DRAFT', timeZone })).length === 0;
  // The last autosave that did not go through (offline, the server away): said beside the buttons,
  // and tried again when the browser is back online or after AUTOSAVE_RETRY_MS, whichever is first.
  const [autosaveFailure, setAutosaveFailure] = useState<string | null>(null);
  useEffect(() => {
    if (!autosaveFailure) return;
    const retry = () => setAutosaveFailure(null);
    const timer = window.setTimeout(retry, AUTOSAVE_RETRY_MS);
    window.addEventListener('online', retry);
    return () => {
      window.clearTimeout(timer);
      window.removeEventListener('online', retry);
    };
  }, [autosaveFailure]);
  // The page's callbacks as of the last render: a page that renders again (a query's answer) must
  // not restart the pause before the autosave.
  const latest = useRef({ onSubmit, onConflict });
  useEffect(() => {
    latest.current = { onSubmit, onConflict };
  }, [onSubmit, onConflict]);
  useEffect(() => {
    if (!autosaveReady || autosaving.current || autosaveFailure) return;
    const timer = window.setTimeout(() => {
      const { image: _image, ...text } = values;
      setAutosaveBusy(true);
      lastStatusRef.current = 'DRAFT';
      const { onSubmit: save, onConflict: refused } = latest.current;
      const run = save(text, null, 'DRAFT', { quiet: true }).then((outcome) => {
        if (outcome.kind === 'saved') setSaved({ values: text, note: 'Saved' });
        else if (outcome.kind === 'conflict') refused?.(outcome.message, { asked: false });
        else if (outcome.kind === 'failed') setAutosaveFailure(outcome.message);
      });
      autosaving.current = run;
      void run.finally(() => {
        autosaving.current = null;
        setAutosaveBusy(false);
      });
    }, AUTOSAVE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [autosaveReady, values, autosaveBusy, autosaveFailure]);
  const uploadPicture = useUploadPicture();

  // What was typed (the local drafts): everything but the file.
  const unsavedText = valuesDiffer(form.values, saved.values);
  useEffect(() => {
    onValuesChange?.(
      { title, subtitle, content, category, slug, description, imageAlt, publishAt, focus, tags },
      unsavedText,
    );
  }, [
    title,
    subtitle,
    content,
    category,
    slug,
    description,
    imageAlt,
    publishAt,
    focus,
    tags,
    unsavedText,
    onValuesChange,
  ]);

  function submit(event: FormEvent<HTMLFormElement>) {
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    const status = submitter instanceof HTMLButtonElement ? submitter.value : '';
    statusRef.current = status === 'DRAFT' || status === 'SCHEDULED' ? status : 'PUBLISHED';
    stayRef.current = shortcutRef.current;
    shortcutRef.current = false;
    return form.formProps.onSubmit(event);
  }

  /** Sends the form through the button that saves as `status`: its checks, its spinner, its outcome. */
  const formElement = form.formProps.ref;
  const saveThrough = useCallback(
    (status: PostStatusValue, { shortcut }: { shortcut: boolean }) => {
      const element = formElement.current;
      const button = element?.querySelector<HTMLButtonElement>(
        status === 'PUBLISHED' ? 'button[type="submit"]:not([name])' : `button[name="status"][value="${status}"]`,
      );
      if (!element || !button || button.disabled) return;
      shortcutRef.current = shortcut;
      // Focus where a click would have left it, not on a panel about to go (Keep mine).
      if (!shortcut) button.focus();
      element.requestSubmit(button);
    },
    [formElement],
  );
  useImperativeHandle(
    controlRef,
    () => ({ saveAgain: () => saveThrough(lastStatusRef.current, { shortcut: stayRef.current }) }),
    [saveThrough],
  );

  // Ctrl+S (Cmd+S on macOS) anywhere on the page saves the post instead of the browser's Save page.
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      // Only the plain shortcut: with Shift or Alt it may be the text editor's, now or later.
      if (!(event.ctrlKey || event.metaKey) || event.shiftKey || event.altKey || event.key.toLowerCase() !== 's')
        return;
      event.preventDefault();
      if (!event.repeat) saveThrough(shortcutStatus, { shortcut: true });
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [saveThrough, shortcutStatus]);

  return (
    <form className="form post-form" {...form.formProps} onSubmit={submit}>
      {currentImage}
      {/* A new picture starts from its middle: the point chosen on the previous one was about that one. */}
      <ImageField error={form.errorOf('image')} file={image} onFile={(file) => form.change({ image: file, focus: '' })}>
        {pickedUrl && <img className="post-form-preview" src={pickedUrl} alt="The picked image" />}
      </ImageField>
      <TextField
        label="Cover alt text"
        autoComplete="off"
        placeholder="What the picture shows, for readers who cannot see it"
        {...form.field('imageAlt')}
      />
      {picture && (
        <FocalPointField picture={picture} value={focus} onChange={(value) => form.change({ focus: value })} />
      )}
      {form.errorOf('focus') && <p className="form-field-error">{form.errorOf('focus')}</p>}
      <TextField label="Title" autoComplete="off" countTo={TEXT_COUNT} {...form.field('title')} />
      <TextField label="Subtitle" autoComplete="off" countTo={TEXT_COUNT} {...form.field('subtitle')} />
      <RichTextField
        label="Content"
        error={form.errorOf('content')}
        initialHtml={initialValues.content}
        onChange={(html) => form.change({ content: html })}
        onUploadPicture={uploadPicture}
      >
        <ContentFigures html={content} />
      </RichTextField>
      <SelectField
        label="Category"
        placeholder="Choose a category"
        options={CATEGORY_OPTIONS}
        {...form.field('category')}
      />
      <TagField value={tags} error={form.errorOf('tags')} onValueChange={(value) => form.change({ tags: value })} />
      <TextField
        label="Address"
        autoComplete="off"
        // The address the title makes, used when this stays empty.
        placeholder={title.trim() ? slugify(title) : 'made-from-the-title'}
        {...form.field('slug')}
      />
      <TextField
        label="Description"
        autoComplete="off"
        placeholder={`For search engines and link previews, up to ${DESCRIPTION_MAX} characters; empty: the subtitle`}
        {...form.field('description')}
      />
      <fieldset className="post-form-publishing">
        <legend className="form-label">Publishing</legend>
        {/* Wall-clock time in the site's zone, whatever the browser's: said under the field, read with it. */}
        <TextField
          label="Publish at"
          type="datetime-local"
          hint={`${timeZone} time (the site's time zone)`}
          {...form.field('publishAt')}
        />
        <FormActions submitLabel="Submit" busy={form.busy} busyLabel={busyLabel}>
          <button className="button button-secondary" type="submit" name="status" value="DRAFT" disabled={form.busy}>
            Save draft
          </button>
          <button
            className="button button-secondary"
            type="submit"
            name="status"
            value="SCHEDULED"
            disabled={form.busy}
          >
            Schedule
          </button>
          {onCancel && (
            <button className="button post-form-cancel" type="button" onClick={onCancel} disabled={form.busy}>
              Cancel
            </button>
          )}
        </FormActions>
        <p className="post-form-state" role="status">
          {stateNote
            ? stateNote
            : sessionEnded
              ? dirty
                ? 'Not saved: you are signed out. Kept in this browser until you sign in again.'
                : 'Signed out: sign in again to save.'
              : autosaveBusy
                ? 'Saving…'
                : dirty && autosaveFailure
                  ? `Not saved: ${autosaveFailure}. Kept in this browser; trying again…`
                  : dirty
                    ? 'Unsaved changes'
                    : (saved.note ?? '')}
        </p>
        {notice}
      </fieldset>
      {sessionEnded && <SessionEndedNotice ref={sessionNoticeRef} />}
    </form>
  );
}

/** The limit a title and subtitle are counted against, live, as the server counts them. */
const TEXT_COUNT = { max: POST_TEXT_MAX, length: postTextLength };

/** The text's length as a reader meets it, live: words and minutes (the post page shows the same minutes). */
function ContentFigures({ html }: { html: string }) {
  const words = wordCountOf(html);
  const minutes = readingMinutesOf(html);
  return (
    <p className="form-hint post-form-figures">
      {words === 1 ? '1 word' : `${words} words`} · {minutes} min read
    </p>
  );
}

/**
 * Keeps the picked picture in this browser under `key` as it changes, and picks again the one kept
 * there when the form opens (restore: called once, if there was one and nothing was picked since).
 */
function useKeptImage(key: string | undefined, image: File | null, restore: (file: File) => void) {
  const [loaded, setLoaded] = useState(false);
  const restoreRef = useRef(restore);
  const picked = useRef(false);
  useEffect(() => {
    restoreRef.current = restore;
    if (image) picked.current = true;
  }, [restore, image]);
  useEffect(() => {
    if (!key) return;
    let open = true;
    void keptPickedImage(key).then((file) => {
      if (!open) return;
      if (file && !picked.current) restoreRef.current(file);
      setLoaded(true);
    });
    return () => {
      open = false;
    };
  }, [key]);
  // Only once the kept one was read: the empty field of a form just opened must not forget it.
  useEffect(() => {
    if (key && loaded) void keepPickedImage(key, image);
  }, [key, loaded, image]);
}
