// /admin/settings (issue 36): the site's title and tagline, who writes it, where to reach them, the
// social links (added, removed and ordered here), the footer's line, the language and the time zone.
// The post editor's never-lose-work rules (docs/decisions/025): what is typed is kept in this browser
// until the server has it (a reload, a closed tab or a lost session keep it: 'Draft restored' and
// Discard), and leaving with unsaved changes asks first. The server checks every rule again
// (kernel/site-settings-rules.ts); its answer goes into Apollo's cache, so the header, the footer and
// every page show the new settings at once. The author's picture and the home banner's are picked
// with the card form's image input; a picked picture is kept in this browser too (IndexedDB), and
// either can be removed (the banner then is the built-in one again).
import { useMutation, useQuery } from '@apollo/client/react';
import { useEffect, useState } from 'react';
import { SCREEN_TEXTS } from '#kernel/page-meta-rules.ts';
import { siteSettingsMessages } from '#kernel/messages.ts';
import {
  SOCIAL_LINKS_MAX,
  validateSiteSettings,
  type SiteSettingsErrors,
  type SiteSettingsFields,
} from '#kernel/site-settings-rules.ts';
import { FormActions, FormField, ImageField, TextField } from '../../components/form/form-field';
import { FormScreen } from '../../components/form/form-screen';
import { RestoredDraftNotice } from '../../components/form/restored-draft-notice';
import { useForm } from '../../components/form/use-form';
import { useUnsavedChanges } from '../../components/form/use-unsaved-changes';
import { Spinner } from '../../components/spinner';
import { LoadFailure } from '../../components/load-failure';
import { getFragmentData, graphql } from '../../gql';
import { showApiError } from '../../lib/api-errors';
import { imageFileError } from '../../lib/image-file';
import { keepPickedImage, keptPickedImage } from '../../lib/kept-images';
import { SiteFieldsFragment, SiteQuery, type SiteInfo, type SitePictureData } from '../../lib/site';
import { toast } from '../../lib/toast';
import { readStored, SITE_SETTINGS_DRAFT_KEY, writeStored } from '../../lib/unsaved-work';
import './site-settings-page.css';

const SETTINGS_PATH = '/admin/settings';

const UpdateSiteMutation = graphql(`
  mutation UpdateSite($input: UpdateSiteInput!) {
    updateSite(input: $input) {
      ...SiteFields
    }
  }
`);

/** The settings' two pictures, as the form and updateSite name them. */
const PICTURES = [
  { field: 'avatar', remove: 'removeAvatar', label: "Author's picture", alt: 'Your picture as /about shows it' },
  { field: 'banner', remove: 'removeBanner', label: 'Home banner picture', alt: 'The home banner as it is' },
] as const;

/** The texts, and what to do with each picture: a new one picked, or the stored one removed. */
interface SettingsValues extends SiteSettingsFields {
  avatar: File | null;
  banner: File | null;
  removeAvatar: boolean;
  removeBanner: boolean;
}

const pictureKey = (field: string) => `${SITE_SETTINGS_DRAFT_KEY}.${field}`;

function fieldsOf(site: SiteInfo): SettingsValues {
  return {
    avatar: null,
    banner: null,
    removeAvatar: false,
    removeBanner: false,
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

/** What this browser kept of unsaved settings, if it is still the shape the form edits. */
function keptDraft(): SettingsValues | null {
  const kept = readStored(SITE_SETTINGS_DRAFT_KEY) as Partial<SettingsValues> | null;
  if (!kept || typeof kept !== 'object' || !Array.isArray(kept.socialLinks)) return null;
  // A draft kept before the pictures were in the form: nothing removed.
  return { removeAvatar: false, removeBanner: false, ...kept, avatar: null, banner: null } as SettingsValues;
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
  const { data, error, refetch } = useQuery(SiteQuery, { fetchPolicy: 'cache-and-network' });
  if (error && !data) return <LoadFailure error={error} what="the settings" onRetry={refetch} />;
  if (!data) return <Spinner label="Loading the settings" />;
  const site = getFragmentData(SiteFieldsFragment, data.site);
  return <SettingsForm saved={fieldsOf(site)} stored={{ avatar: site.avatar, banner: site.banner }} />;
}

type StoredPictures = Record<'avatar' | 'banner', SitePictureData | null>;

function SettingsForm({ saved: loaded, stored: loadedPictures }: { saved: SettingsValues; stored: StoredPictures }) {
  const [saved, setSaved] = useState(loaded);
  const [stored, setStored] = useState(loadedPictures);
  const [restored, setRestored] = useState(() => {
    const kept = keptDraft();
    return kept !== null && !same(kept, loaded);
  });
  const [updateSite, { client }] = useMutation(UpdateSiteMutation);
  const form = useForm<SettingsValues, SiteSettingsErrors>({
    initialValues: () => (restored ? keptDraft()! : loaded),
    validate,
    async send(values) {
      try {
        // A picture not picked is left out: the stored one stays (or goes, when removed).
        const { avatar, banner, ...texts } = values;
        const input = { ...texts, ...(avatar ? { avatar } : {}), ...(banner ? { banner } : {}) };
        const { data } = await updateSite({ variables: { input } });
        if (!data) return undefined;
        // Every screen reads the site query: the header, the footer and the pages change now.
        client.writeQuery({ query: SiteQuery, data: { site: data.updateSite } });
        const site = getFragmentData(SiteFieldsFragment, data.updateSite);
        const now = fieldsOf(site);
        setSaved(now);
        setStored({ avatar: site.avatar, banner: site.banner });
        form.reset(now);
        forgetDraft();
        setRestored(false);
        toast.dismissErrors();
        toast.success(siteSettingsMessages.saved);
        return undefined;
      } catch (failure) {
        return showApiError(failure).fieldErrors;
      }
    },
  });
  const dirty = !same(form.values, saved);

  // Kept in this browser while unsaved: a reload, a closed tab or a lost session keep the work.
  useEffect(() => {
    writeStored(SITE_SETTINGS_DRAFT_KEY, dirty ? textsOf(form.values) : null);
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

      {PICTURES.map(({ field, remove, label, alt }) => {
        const current = form.values[remove] ? null : stored[field];
        return (
          <div className="settings-picture" key={field}>
            <ImageField
              label={label}
              name={field}
              file={form.values[field]}
              error={form.errorOf(field)}
              onFile={(file) => form.change({ [field]: file })}
            >
              {current && !form.values[field] && (
                <img className="settings-picture-preview" src={current.url} alt={alt} />
              )}
            </ImageField>
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
      <FormActions submitLabel="Save settings" busy={form.busy} busyLabel="Saving the settings" />
    </FormScreen>
  );
}
