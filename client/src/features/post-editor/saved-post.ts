// What a post mutation asks back: every field any screen keeps of a post, so the answer refreshes
// the cached post (its page, the Latest and list cards, the author's list) in place, derived fields
// included. Also what the edit page reads: the post it edits is the one a save leaves.
import { graphql } from '../../gql';

export const SavedPostFragment = graphql(`
  fragment PostEditor_SavedPost on Post {
    id
    status
    slug
    title
    subtitle
    content
    category
    description
    imageAlt
    excerpt
    readingMinutes
    publishedAt
    createdAt
    updatedAt
    tags {
      name
      slug
    }
    image {
      ...UploadedImage_Image
    }
  }
`);
