// The site's name and public address, and who writes it (the site's settings: contact e-mail,
// portfolio, name, bio, social links; its tagline, footer line and language), fetched once and shared from Apollo's cache: page titles,
// canonical links, the header, the footer and the about, hire-me and legal pages all need them. The
// server renders a page with them, so its HTML already has the owner's own details.
import { useQuery } from '@apollo/client/react';
import { getFragmentData, graphql } from '../gql';

// Every field the site's screens read: the query, and updateSite's answer (features/settings), which
// replaces it in Apollo's cache, so every screen shows the saved settings at once.
export const SiteFieldsFragment = graphql(`
  fragment SiteFields on Site {
    name
    url
    tagline
    footerText
    language
    timeZone
    avatar {
      url
      width
      height
      srcset
      focusX
      focusY
    }
    banner {
      url
      width
      height
      srcset
      focusX
      focusY
    }
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
`);

export const SiteQuery = graphql(`
  query Site {
    site {
      ...SiteFields
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
  /** The site's settings (issue 36, /admin/settings); null: the built-in words. */
  tagline?: string | null;
  footerText?: string | null;
  language: string;
  timeZone: string;
  /** The author's picture and the home banner's (issue 36); null: none, the built-in banner. */
  avatar?: SitePictureData | null;
  banner?: SitePictureData | null;
  owner: SiteOwner;
}

export interface SitePictureData {
  url: string;
  width: number;
  height: number;
  srcset: string;
  /** The focal point the author chose (0 to 1): the cut (the banner's strip, the round avatar) keeps it. */
  focusX: number;
  focusY: number;
}

/** The site's name, URL and owner, or undefined while they load (or if the request failed). */
export function useSite(): SiteInfo | undefined {
  const { data } = useQuery(SiteQuery);
  return data ? getFragmentData(SiteFieldsFragment, data.site) : undefined;
}

/** Who writes the site, or undefined while it loads. */
export function useSiteOwner(): SiteOwner | undefined {
  return useSite()?.owner;
}
