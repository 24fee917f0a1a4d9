// The site's name and public address, fetched once and shared from Apollo's cache: page titles,
// canonical links and the header all need them.
import { useQuery } from '@apollo/client/react';
import { graphql } from '../gql';

const SiteQuery = graphql(`
  query Site {
    site {
      name
      url
    }
  }
`);

export interface SiteInfo {
  name: string;
  url: string;
}

/** The site's name and URL, or undefined while they load (or if the request failed). */
export function useSite(): SiteInfo | undefined {
  const { data } = useQuery(SiteQuery);
  return data?.site;
}
