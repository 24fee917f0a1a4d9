// Contact details and the footer's credit, shown on /about, /hire-me and in the footer.
// TODO(issue 5): read these from the `site` query once the server exposes them (configured by
// environment, like SITE_NAME); until then these are the defaults the pages fall back on.
export interface SiteContact {
  contactEmail: string;
  portfolioUrl: string;
  /** Who the footer credits for the site, linked to portfolioUrl. */
  creatorName: string;
}

export const defaultSiteContact: SiteContact = {
  contactEmail: 'hello@example.com',
  portfolioUrl: 'https://example.com/portfolio',
  creatorName: 'the author',
};
