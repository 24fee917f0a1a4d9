// The studio's shelf documents (issue 41), shared by its list and its editor.
import { graphql } from '../../gql';

export const ShelfRowFragment = graphql(`
  fragment ShelfStudioRow on ShelfItem {
    id
    kind
    title
    slug
    status
    progress
    progressTotal
    progressUnit
    rating
  }
`);

/** Every field, for the item's editor. */
export const ShelfItemFieldsFragment = graphql(`
  fragment ShelfStudioItem on ShelfItem {
    id
    kind
    title
    slug
    status
    progress
    progressTotal
    progressUnit
    rating
    creator
    year
    tags
    startedOn
    finishedOn
    notes
    imageAlt
    links {
      label
      url
    }
    image {
      url
      srcset
      focusX
      focusY
    }
  }
`);

export const ShelfStudioQuery = graphql(`
  query ShelfStudio($page: Int, $status: ShelfStatus) {
    shelfItems(page: $page, status: $status) {
      total
      page
      pages
      items {
        ...ShelfStudioRow
      }
    }
  }
`);

export const CreateShelfItemMutation = graphql(`
  mutation CreateShelfItem($input: CreateShelfItemInput!) {
    createShelfItem(input: $input) {
      ...ShelfStudioRow
    }
  }
`);

export const UpdateShelfItemMutation = graphql(`
  mutation UpdateShelfItem($id: ID!, $input: UpdateShelfItemInput!) {
    updateShelfItem(id: $id, input: $input) {
      ...ShelfStudioItem
    }
  }
`);

export const StepShelfItemMutation = graphql(`
  mutation StepShelfItem($id: ID!) {
    stepShelfItem(id: $id) {
      ...ShelfStudioRow
    }
  }
`);

export const BulkUpdateShelfItemsMutation = graphql(`
  mutation BulkUpdateShelfItems($ids: [ID!]!, $status: ShelfStatus, $addTags: [String!], $removeTags: [String!]) {
    bulkUpdateShelfItems(ids: $ids, status: $status, addTags: $addTags, removeTags: $removeTags) {
      ...ShelfStudioRow
    }
  }
`);

export const DeleteShelfItemMutation = graphql(`
  mutation DeleteShelfItem($id: ID!) {
    deleteShelfItem(id: $id)
  }
`);

export const ImportShelfMutation = graphql(`
  mutation ImportShelf(
    $format: ShelfImportFormat!
    $text: String!
    $dryRun: Boolean
    $mapping: [ShelfImportMappingInput!]
  ) {
    importShelf(format: $format, text: $text, dryRun: $dryRun, mapping: $mapping) {
      created
      updated
      skipped
      applied
      rows {
        line
        title
        kind
        status
        action
        error
      }
    }
  }
`);
