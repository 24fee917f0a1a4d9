// A full set of the site's settings (issue 36), as updateSite takes them and the SiteSetting row
// stores them: the settings tests change a site to it, the backup test carries it across.
export const SAMPLE_SETTINGS = {
  title: 'Night Owl Notes',
  tagline: 'Slow reviews of fast games',
  authorName: 'Mira Okafor',
  bio: 'I write about games at night.',
  contactEmail: 'mira@example.org',
  portfolioUrl: 'https://mira.example.org/work',
  socialLinks: [
    { label: 'Mastodon', url: 'https://mastodon.social/@mira' },
    { label: 'GitHub', url: 'https://github.com/mira' },
  ],
  footerText: 'Written by lamplight',
  language: 'en-GB',
  timeZone: 'Europe/London',
  mailFrom: 'Night Owl Notes <owl@example.org>',
};
