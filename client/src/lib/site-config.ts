// Contact details and the footer's credit, shown on /about, /hire-me, the privacy and disclaimer
// pages and in the footer. Placeholders: the server's configuration does not carry them yet, so
// every page reads them from here, the one place to change them.
export interface SiteContact {
  contactEmail: string;
  portfolioUrl: string;
  /** Who the footer credits for the site, linked to portfolioUrl. */
  creatorName: string;
}

export const siteContact: SiteContact = {
  contactEmail: 'hello@example.com',
  portfolioUrl: 'https://example.com/portfolio',
  creatorName: 'the author',
};
