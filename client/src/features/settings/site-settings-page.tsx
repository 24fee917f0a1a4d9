// /admin/settings (issue 36): the site's title and tagline, who writes it, where to reach them, the
// social links (added, removed and ordered here), the footer's line, the language and the time zone.
// The post editor's never-lose-work rules (docs/decisions/025): what is typed is kept in this browser
// until the server has it (a reload, a closed tab or a lost session keep it: 'Draft restored' and
// Discard), and leaving with unsaved changes asks first. The server checks every rule again
// (kernel/site-settings-rules.ts); its answer goes into Apollo's cache, so the header, the footer and
// every page show the new settings at once. The author's picture and the home banner's are picked
// with the card form's image input; a picked picture is kept in this browser too (IndexedDB), and
// either can be removed (the banner then is the built-in one again); each has a focal point, which
// the home banner's strip and the round picture on /about keep in view.
// Each save names the version of the settings the form was loaded with (as the post editor's do): when
// they were saved elsewhere meanwhile (another tab, another device), the server refuses it and stores
// nothing; the form keeps what was typed and offers the newer settings, with a way to put the typed
// ones back (and save them over the newer ones).
import { useMutation, useQuery } from '@apollo/client/react';
import { useEffect, useRef, useState } from 'react';
import { focusOfValue, focusValue } from '#kernel/focal-point.ts';
import { SCREEN_TEXTS } from '#kernel/page-meta-rules.ts';
import { siteSettingsMessages } from '#kernel/messages.ts';
import {
  SOCIAL_LINKS_MAX,
  validateSiteSettings,
  type SiteSettingsErrors,
  type SiteSettingsFields,
} from '#kernel/site-settings-rules.ts';
import { FocalPointField, usePickedImageUrl } from '../../components/form/focal-point-field';
import { FormActions, FormField, ImageField, TextField } from '../../components/form/form-field';
import { FormScreen } from '../../components/form/form-screen';
import { RestoredDraftNotice } from '../../components/form/restored-draft-notice';
import { useForm } from '../../components/form/use-form';
import { useUnsavedChanges } from '../../components/form/use-unsaved-changes';
import { Spinner } from '../../components/spinner';
import { LoadFailure } from '../../components/load-failure';
import { getFragmentData, graphql } from '../../gql';
import type { SiteSettingsQuery as SiteSettingsQueryResult } from '../../gql/graphql';
import { apiError, showApiError } from '../../lib/api-errors';
import { imageFileError } from '../../lib/image-file';
import { keepPickedImage, keptPickedImage } from '../../lib/kept-images';
import { SiteFieldsFragment, SiteQuery, type SiteInfo, type SitePictureData } from '../../lib/site';
import { toast } from '../../lib/toast';
import { readStored, SITE_SETTINGS_DRAFT_KEY, writeStored } from '../../lib/unsaved-work';
import { CommentSettingsSection } from './comment-settings-section';
import './site-settings-page.css';

const SETTINGS_PATH = '/admin/settings';

const MAIL_FROM_HINT =
  "What readers see as the sender of the site's e-mails, such as Jane Doe <blog@example.com>; empty: the " +
  "server's default (MAIL_FROM). E-mail goes out only when SMTP_URL is set up on the server.";

// The settings with their version, read from the server each time the screen opens (not from a
// page's cached copy): the version must be the one of the values the form starts from.
const SiteSettingsQuery = graphql(`
  query SiteSettings {
    site {
      ...SiteFields
      updatedAt
      mailFrom
    }
  }
`);

const UpdateSiteMutation = graphql(`
  mutation UpdateSite($input: UpdateSiteInput!) {
    updateSite(input: $input) {
      ...SiteFields
      updatedAt
      mailFrom
    }
  }
`);

/** The settings' two pictures, as the form and updateSite name them. */
const PICTURES = [
  {
    field: 'avatar',
    remove: 'removeAvatar',
    focus: 'avatarFocus',
    label: "Author's picture",
    focusLabel: 'Focal point of your picture',
    alt: 'Your picture as /about shows it',
    shape: 'tall',
  },
  {
    field: 'banner',
    remove: 'removeBanner',
    focus: 'bannerFocus',
    label: 'Home banner picture',
    focusLabel: 'Focal point of the home banner',
    alt: 'The home banner as it is',
    shape: 'wide',
  },
] as const;

/** The texts, and what to do with each picture: a new one picked, or the stored one removed. */
interface SettingsValues extends SiteSettingsFields {
  avatar: File | null;
  banner: File | null;
  removeAvatar: boolean;
  removeBanner: boolean;
  /** Each picture's focal point as focusValue() writes it; empty: the middle (a new picture's). */
  avatarFocus: string;
  bannerFocus: string;
  /** Always in the form ('' for the default), so a save sends it. */
  mailFrom: string;
}

const pictureKey = (field: string) => `${SITE_SETTINGS_DRAFT_KEY}.${field}`;

const focusOf = (picture: SitePictureData | null | undefined) =>
  picture ? focusValue(picture.focusX, picture.focusY) : '';

/** The settings' From is the admin's only: read beside the public fields, not in them. */
function fieldsOf(site: SiteInfo, mailFrom: string | null | undefined): SettingsValues {
  return {
    avatar: null,
    banner: null,
    removeAvatar: false,
    removeBanner: false,
    avatarFocus: focusOf(site.avatar),
    bannerFocus: focusOf(site.banner),
    title: site.name,
    tagline: site.tagline ?? '',
    authorName: site.owner.name ?? '',
    bio: site.owner.bio ?? '',
    contactEmail: site.owner.contactEmail,
    portfolioUrl: site.owner.portfolioUrl,
    socialLinks: site.owner.socialLinks.map(({ label, url }) => ({ label, url })),
    footerText: site.footerText ?? '',
    language: site.language,
    timeZone: site.timeZone,
    mailFrom: mailFrom ?? '',
  };
}

/** A link's two fields, as the form labels them. */
const LINK_PARTS = [
  { part: 'label', text: 'label', type: 'text' },
  { part: 'url', text: 'address', type: 'url' },
] as const;

/** A link's two moves: one place up or down the list, unless it is already at that end. */
const MOVES = [
  { text: 'Move up', by: -1 },
  { text: 'Move down', by: 1 },
] as const;

/** Leaving on purpose gives the unsaved changes up: no copy is kept of them. */
const forgetDraft = () => {
  writeStored(SITE_SETTINGS_DRAFT_KEY, null);
  for (const { field } of PICTURES) void keepPickedImage(pictureKey(field), null);
};

/** Everything but the picked files (kept apart, in IndexedDB), as local storage keeps it. */
const textsOf = ({ avatar: _avatar, banner: _banner, ...texts }: SettingsValues) => texts;
const same = (a: SettingsValues, b: SettingsValues) =>
  JSON.stringify(textsOf(a)) === JSON.stringify(textsOf(b)) && a.avatar === b.avatar && a.banner === b.banner;

/** Unsaved settings as this browser keeps them: the texts, and the version they were typed over. */
type KeptDraft = ReturnType<typeof textsOf> & { baseUpdatedAt?: string | null };

/** What this browser kept of unsaved settings, if it is still the shape the form edits, and its version. */
function keptDraft(): { values: SettingsValues; base: string | null } | null {
  const kept = readStored(SITE_SETTINGS_DRAFT_KEY) as Partial<KeptDraft> | null;
  if (!kept || typeof kept !== 'object' || !Array.isArray(kept.socialLinks)) return null;
  const { baseUpdatedAt, ...texts } = kept;
  // A draft kept before the pictures (or their focal points) were in the form: nothing removed or moved.
  const values = {
    removeAvatar: false,
    removeBanner: false,
    avatarFocus: '',
    bannerFocus: '',
    ...texts,
    avatar: null,
    banner: null,
  } as SettingsValues;
  return { values, base: typeof baseUpdatedAt === 'string' ? baseUpdatedAt : null };
}

/** The focal points updateSite takes: each picture's that is kept or new, and was placed. */
function focusInput(values: SettingsValues) {
  const input: Record<string, number> = {};
  for (const { field, remove, focus } of PICTURES) {
    const point = values[remove] ? null : focusOfValue(values[focus]);
    if (!point) continue;
    input[`${field}FocusX`] = point.focusX;
    input[`${field}FocusY`] = point.focusY;
  }
  return input;
}

function validate(values: SettingsValues): SiteSettingsErrors {
  const errors = validateSiteSettings(values);
  for (const { field } of PICTURES) {
    const problem = imageFileError(values[field], { required: false });
    if (problem) errors[field] = problem;
  }
  return errors;
}

export function SiteSettingsPage() {
  const { data, error, refetch } = useQuery(SiteSettingsQuery, { fetchPolicy: 'network-only' });
  if (error && !data) return <LoadFailure error={error} what="the settings" onRetry={refetch} />;
  if (!data) return <Spinner label="Loading the settings" />;
  const site = getFragmentData(SiteFieldsFragment, data.site);
  return (
    <>
      <SettingsForm
        saved={fieldsOf(site, data.site.mailFrom)}
        stored={{ avatar: site.avatar, banner: site.banner }}
        version={data.site.updatedAt ?? null}
      />
      <CommentSettingsSection />
    </>
  );
}

type StoredPictures = Record<'avatar' | 'banner', SitePictureData | null>;

/** A save refused because the settings were saved elsewhere, or the typed settings set aside after loading the newer ones. */
type Elsewhere = { kind: 'refused'; message: string } | { kind: 'setAside'; mine: SettingsValues };

function SettingsForm({
  saved: loaded,
  stored: loadedPictures,
  version,
}: {
  saved: SettingsValues;
  stored: StoredPictures;
  version: string | null;
}) {
  const [saved, setSaved] = useState(loaded);
  const [stored, setStored] = useState(loadedPictures);
  const [startDraft] = useState(() => {
    const kept = keptDraft();
    // A draft kept before the From was in the form: the stored one.
    if (kept) kept.values = { ...kept.values, mailFrom: kept.values.mailFrom ?? loaded.mailFrom };
    return kept !== null && !same(kept.values, loaded) ? kept : null;
  });
  const [restored, setRestored] = useState(startDraft !== null);
  // The version the form's values are based on: as loaded (or as a restored draft was typed over),
  // then as each save left it.
  const base = useRef(startDraft ? startDraft.base : version);
  // The version of `saved`, what Discard goes back to.
  const savedVersion = useRef(version);
  const [elsewhere, setElsewhere] = useState<Elsewhere | null>(null);
  const [updateSite, { client }] = useMutation(UpdateSiteMutation);

  /** The settings as the server has them now, into the form's saved state and every screen. */
  function takeSite(answer: SiteSettingsQueryResult['site']) {
    // Every screen reads the site query: the header, the footer and the pages change now.
    client.writeQuery({ query: SiteQuery, data: { site: answer } });
    const site = getFragmentData(SiteFieldsFragment, answer);
    base.current = savedVersion.current = answer.updatedAt ?? null;
    const now = fieldsOf(site, answer.mailFrom);
    setSaved(now);
    setStored({ avatar: site.avatar ?? null, banner: site.banner ?? null });
    return now;
  }

  const form = useForm<SettingsValues, SiteSettingsErrors>({
    initialValues: () => startDraft?.values ?? loaded,
    validate,
    async send(values) {
      try {
        // A picture not picked is left out: the stored one stays (or goes, when removed).
        const { avatar, banner, avatarFocus: _a, bannerFocus: _b, ...texts } = values;
        const input = {
          ...texts,
          ...focusInput(values),
          ...(avatar ? { avatar } : {}),
          ...(banner ? { banner } : {}),
          expectedUpdatedAt: base.current,
        };
        const { data } = await updateSite({ variables: { input } });
        if (!data) return undefined;
        form.reset(takeSite(data.updateSite));
        forgetDraft();
        setRestored(false);
        setElsewhere(null);
        toast.dismissErrors();
        toast.success(siteSettingsMessages.saved);
        return undefined;
      } catch (failure) {
        const refused = apiError(failure);
        // Saved elsewhere since: nothing was stored, the typed settings stay; the panel says what next.
        if (refused.code === 'CONFLICT') {
          setElsewhere({ kind: 'refused', message: refused.message });
          return undefined;
        }
        return showApiError(failure).fieldErrors;
      }
    },
  });
  const dirty = !same(form.values, saved);

  /** The newer settings into the form; what was typed is set aside on the screen, to put back. */
  async function loadNewer() {
    const mine = form.values;
    try {
      const { data } = await client.query({ query: SiteSettingsQuery, fetchPolicy: 'network-only' });
      if (!data) return;
      form.reset(takeSite(data.site));
      setRestored(false);
      setElsewhere({ kind: 'setAside', mine });
    } catch (failure) {
      showApiError(failure);
    }
  }

  /** The typed settings back in the form, unsaved, now based on the newer version: Save puts them over it. */
  function putMineBack(mine: SettingsValues) {
    form.reset(mine);
    setElsewhere(null);
  }

  // Kept in this browser while unsaved: a reload, a closed tab or a lost session keep the work, with
  // the version it was typed over (a save of it over newer settings is refused too).
  useEffect(() => {
    const draft: KeptDraft | null = dirty ? { ...textsOf(form.values), baseUpdatedAt: base.current } : null;
    writeStored(SITE_SETTINGS_DRAFT_KEY, draft);
  }, [dirty, form.values]);
  const { avatar, banner } = form.values;
  // Pictures picked before a reload come back from IndexedDB, after the first render; until they
  // are read, nothing is written there (the form's empty start would forget them first).
  const [picturesRead, setPicturesRead] = useState(false);
  useEffect(() => {
    let cancelled = false;
    void Promise.all(PICTURES.map(({ field }) => keptPickedImage(pictureKey(field)))).then(([avatar, banner]) => {
      if (cancelled) return;
      setPicturesRead(true);
      if (!avatar && !banner) return;
      form.change({ ...(avatar ? { avatar } : {}), ...(banner ? { banner } : {}) });
      setRestored(true);
    });
    return () => {
      cancelled = true;
    };
    // Once, when the form opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  useEffect(() => {
    if (!picturesRead) return;
    void keepPickedImage(pictureKey('avatar'), avatar);
    void keepPickedImage(pictureKey('banner'), banner);
  }, [picturesRead, avatar, banner]);
  useUnsavedChanges(dirty, forgetDraft);

  const discard = () => {
    forgetDraft();
    form.reset(saved);
    setRestored(false);
    // The draft was typed over an older version perhaps: the form now shows the saved one's.
    base.current = savedVersion.current;
  };

  const links = form.values.socialLinks;
  const setLinks = (next: SiteSettingsFields['socialLinks']) => form.change({ socialLinks: next });
  const move = (from: number, to: number) => {
    const next = [...links];
    const [link] = next.splice(from, 1);
    next.splice(to, 0, link!);
    setLinks(next);
  };

  return (
    <FormScreen meta={SCREEN_TEXTS.siteSettings} path={SETTINGS_PATH} heading="Settings" formProps={form.formProps}>
      {restored && <RestoredDraftNotice onDiscard={discard} />}
      {elsewhere && (
        <SavedElsewhere elsewhere={elsewhere} onLoadNewer={() => void loadNewer()} onPutBack={putMineBack} />
      )}
      <TextField label="Site title" {...form.field('title')} />
      <TextField label="Tagline (the home banner and the site's description)" {...form.field('tagline')} />
      <TextField label="Author name" autoComplete="name" {...form.field('authorName')} />
      <FormField label="Bio" error={form.errorOf('bio')}>
        {(control) => (
          <textarea
            {...control}
            className="form-input settings-bio"
            name="bio"
            rows={4}
            value={form.values.bio}
            onChange={(event) => form.change({ bio: event.currentTarget.value })}
          />
        )}
      </FormField>
      <TextField label="Contact e-mail" type="email" autoComplete="email" {...form.field('contactEmail')} />
      <TextField label="Portfolio address" type="url" {...form.field('portfolioUrl')} />

      <fieldset className="settings-links">
        <legend className="form-label">Social links</legend>
        {form.errorOf('socialLinks') && <p className="form-field-error">{form.errorOf('socialLinks')}</p>}
        {links.length === 0 && <p className="form-hint">No social links yet.</p>}
        <ol className="settings-link-list">
          {links.map((link, index) => (
            // Positions are the links' identity here: a label or address can be anything, even twice.
            <li className="settings-link" key={index}>
              {LINK_PARTS.map(({ part, text, type }) => (
                <TextField
                  key={part}
                  label={`Link ${index + 1} ${text}`}
                  type={type}
                  name={`socialLinks.${index}.${part}`}
                  value={link[part]}
                  error={form.errorOf(`socialLinks.${index}.${part}`)}
                  onValueChange={(value) => setLinks(links.map((l, i) => (i === index ? { ...l, [part]: value } : l)))}
                />
              ))}
              <div className="settings-link-actions">
                {MOVES.map(({ text, by }) => (
                  <button
                    key={text}
                    className="button button-secondary button-small"
                    type="button"
                    disabled={!links[index + by]}
                    onClick={() => move(index, index + by)}
                    aria-label={`${text}: link ${index + 1}`}
                  >
                    {text}
                  </button>
                ))}
                <button
                  className="button button-danger button-small"
                  type="button"
                  onClick={() => setLinks(links.filter((_, i) => i !== index))}
                  aria-label={`Remove: link ${index + 1}`}
                >
                  Remove
                </button>
              </div>
            </li>
          ))}
        </ol>
        {links.length < SOCIAL_LINKS_MAX && (
          <button
            className="button button-secondary"
            type="button"
            onClick={() => setLinks([...links, { label: '', url: '' }])}
          >
            Add a link
          </button>
        )}
      </fieldset>

      {PICTURES.map(({ field, remove, focus, label, focusLabel, alt, shape }) => {
        const current = form.values[remove] ? null : stored[field];
        return (
          <div className="settings-picture" key={field}>
            <ImageField
              label={label}
              name={field}
              file={form.values[field]}
              error={form.errorOf(field)}
              // A new picture starts from its middle: the point chosen on the other was about that one.
              onFile={(file) => form.change({ [field]: file, [focus]: '' })}
            >
              {current && !form.values[field] && (
                <img className="settings-picture-preview" src={current.url} alt={alt} />
              )}
            </ImageField>
            <PictureFocus
              label={focusLabel}
              file={form.values[remove] ? null : form.values[field]}
              stored={current}
              shape={shape}
              value={form.values[focus]}
              onChange={(value) => form.change({ [focus]: value })}
            />
            {form.errorOf(focus) && <p className="form-field-error">{form.errorOf(focus)}</p>}
            {(stored[field] || form.values[field]) && !form.values[remove] && (
              <button
                className="button button-danger button-small"
                type="button"
                onClick={() => form.change({ [field]: null, [remove]: true })}
              >
                Remove the {label.toLowerCase()}
              </button>
            )}
            {form.values[remove] && (
              <p className="form-hint">
                Removed when you save.{' '}
                <button
                  className="button button-secondary button-small"
                  type="button"
                  onClick={() => form.change({ [remove]: false })}
                >
                  Keep it
                </button>
              </p>
            )}
          </div>
        );
      })}

      <TextField label="Footer text" {...form.field('footerText')} />
      <TextField label="Language (a tag such as en, en-GB or fr)" {...form.field('language')} />
      <TextField label="Time zone (such as UTC or Europe/Paris)" {...form.field('timeZone')} />
      <TextField label="From address for e-mails" hint={MAIL_FROM_HINT} {...form.field('mailFrom')} />
      <FormActions submitLabel="Save settings" busy={form.busy} busyLabel="Saving the settings" />
    </FormScreen>
  );
}

/** A picture's focal point, on the picked picture or else the stored one; nothing without either. */
function PictureFocus({
  label,
  file,
  stored,
  shape,
  value,
  onChange,
}: {
  label: string;
  file: File | null;
  stored: SitePictureData | null;
  shape: 'wide' | 'tall';
  value: string;
  onChange: (value: string) => void;
}) {
  const pickedUrl = usePickedImageUrl(file);
  const picture = file ? (pickedUrl ? { src: pickedUrl } : null) : stored && { src: stored.url, srcSet: stored.srcset };
  if (!picture) return null;
  return <FocalPointField label={label} picture={picture} shape={shape} value={value} onChange={onChange} />;
}

/** Not saved because the settings were saved elsewhere; then, the typed settings set aside. */
function SavedElsewhere({
  elsewhere,
  onLoadNewer,
  onPutBack,
}: {
  elsewhere: Elsewhere;
  onLoadNewer: () => void;
  onPutBack: (mine: SettingsValues) => void;
}) {
  const ref = useRef<HTMLDivElement>(null);
  // Where the author just pressed Save (or Load): brought into view, with the focus.
  useEffect(() => {
    ref.current?.scrollIntoView({ block: 'nearest' });
    ref.current?.focus({ preventScroll: true });
  }, [elsewhere.kind]);
  return (
    <div ref={ref} className="form-restored settings-elsewhere" tabIndex={-1}>
      {elsewhere.kind === 'refused' ? (
        <>
          <p role="alert">
            <strong>Not saved.</strong> {elsewhere.message}
          </p>
          <p>What you typed stays in the form.</p>
          <button className="button" type="button" onClick={onLoadNewer}>
            Load the newer settings
          </button>
        </>
      ) : (
        <>
          <p role="status">
            The form shows the newer settings. What you typed is set aside, not saved: put it back to save it over them.
          </p>
          <button className="button button-secondary" type="button" onClick={() => onPutBack(elsewhere.mine)}>
            Put mine back
          </button>
        </>
      )}
    </div>
  );
}
