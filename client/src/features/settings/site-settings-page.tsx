// /admin/settings (issue 36): the site's title and tagline, who writes it, where to reach them, the
// social links (added, removed and ordered here), the footer's line, the language and the time zone.
// The post editor's never-lose-work rules (docs/decisions/025): what is typed is kept in this browser
// until the server has it (a reload, a closed tab or a lost session keep it: 'Draft restored' and
// Discard), and leaving with unsaved changes asks first. The server checks every rule again
// (kernel/site-settings-rules.ts); its answer goes into Apollo's cache, so the header, the footer and
// every page show the new settings at once.
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
import { FormActions, FormField, TextField } from '../../components/form/form-field';
import { FormScreen } from '../../components/form/form-screen';
import { RestoredDraftNotice } from '../../components/form/restored-draft-notice';
import { useForm } from '../../components/form/use-form';
import { useUnsavedChanges } from '../../components/form/use-unsaved-changes';
import { Spinner } from '../../components/spinner';
import { LoadFailure } from '../../components/load-failure';
import { getFragmentData, graphql } from '../../gql';
import { showApiError } from '../../lib/api-errors';
import { SiteFieldsFragment, SiteQuery, type SiteInfo } from '../../lib/site';
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

function fieldsOf(site: SiteInfo): SiteSettingsFields {
  return {
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
const forgetDraft = () => writeStored(SITE_SETTINGS_DRAFT_KEY, null);

const same = (a: SiteSettingsFields, b: SiteSettingsFields) => JSON.stringify(a) === JSON.stringify(b);

/** What this browser kept of unsaved settings, if it is still the shape the form edits. */
function keptDraft(): SiteSettingsFields | null {
  const kept = readStored(SITE_SETTINGS_DRAFT_KEY) as Partial<SiteSettingsFields> | null;
  if (!kept || typeof kept !== 'object' || !Array.isArray(kept.socialLinks)) return null;
  return kept as SiteSettingsFields;
}

export function SiteSettingsPage() {
  const { data, error, refetch } = useQuery(SiteQuery, { fetchPolicy: 'cache-and-network' });
  if (error && !data) return <LoadFailure error={error} what="the settings" onRetry={refetch} />;
  if (!data) return <Spinner label="Loading the settings" />;
  return <SettingsForm saved={fieldsOf(getFragmentData(SiteFieldsFragment, data.site))} />;
}

function SettingsForm({ saved: loaded }: { saved: SiteSettingsFields }) {
  const [saved, setSaved] = useState(loaded);
  const [restored, setRestored] = useState(() => {
    const kept = keptDraft();
    return kept !== null && !same(kept, loaded);
  });
  const [updateSite, { client }] = useMutation(UpdateSiteMutation);
  const form = useForm<SiteSettingsFields, SiteSettingsErrors>({
    initialValues: () => (restored ? keptDraft()! : loaded),
    validate: validateSiteSettings,
    async send(values) {
      try {
        const { data } = await updateSite({ variables: { input: values } });
        if (!data) return undefined;
        // Every screen reads the site query: the header, the footer and the pages change now.
        client.writeQuery({ query: SiteQuery, data: { site: data.updateSite } });
        const stored = fieldsOf(getFragmentData(SiteFieldsFragment, data.updateSite));
        setSaved(stored);
        form.reset(stored);
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
    writeStored(SITE_SETTINGS_DRAFT_KEY, dirty ? form.values : null);
  }, [dirty, form.values]);
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

      <TextField label="Footer text" {...form.field('footerText')} />
      <TextField label="Language (a tag such as en, en-GB or fr)" {...form.field('language')} />
      <TextField label="Time zone (such as UTC or Europe/Paris)" {...form.field('timeZone')} />
      <FormActions submitLabel="Save settings" busy={form.busy} busyLabel="Saving the settings" />
    </FormScreen>
  );
}
