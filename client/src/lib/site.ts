// The site's name and public address, and who writes it (the owner's configuration: contact e-mail,
// portfolio, name, bio, social links), fetched once and shared from Apollo's cache: page titles,
// canonical links, the header, the footer and the about, hire-me and legal pages all need them. The
// server renders a page with them, so its HTML already has the owner's own details.
import { useQuery } from '@apollo/client/react';
import { graphql } from '../gql';

const SiteQuery = graphql(`
  query Site {
    site {
      name
      url
      owner {
        name
        bio
        contactEmail
        portfolioUrl
        socialLinks {
          label
          url
        }
      }
    }
  }
`);

export interface SiteOwner {
  name?: string | null;
  bio?: string | null;
  contactEmail: string;
  portfolioUrl: string;
  socialLinks: { label: string; url: string }[];
}

export interface SiteInfo {
  name: string;
  url: string;
  owner: SiteOwner;
}

/** The site's name, URL and owner, or undefined while they load (or if the request failed). */
export function useSite(): SiteInfo | undefined {
  const { data } = useQuery(SiteQuery);
  return data?.site;
}

/** Who writes the site, or undefined while it loads. */
export function useSiteOwner(): SiteOwner | undefined {
  return useSite()?.owner;
}
