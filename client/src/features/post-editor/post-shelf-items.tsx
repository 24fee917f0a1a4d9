// The shelf items a post is about (issue 41), under the post editor: find an item by its title and
// link it, or unlink one. Each change is saved at once (setPostShelfItems); the post's page then
// shows each item's box, and its JSON-LD is a Review of it.
import { useMutation, useQuery } from '@apollo/client/react';
import { useId, useState } from 'react';
import { graphql } from '../../gql';
import { showApiError } from '../../lib/api-errors';

const PostShelfItemsQuery = graphql(`
  query PostShelfItems($id: ID!) {
    post(id: $id) {
      id
      shelfItems {
        id
        title
      }
    }
  }
`);

const FindShelfItemsQuery = graphql(`
  query FindShelfItems($search: String) {
    shelfItems(search: $search, sort: TITLE) {
      items {
        id
        title
        kind
      }
    }
  }
`);

const SetPostShelfItemsMutation = graphql(`
  mutation SetPostShelfItems($postId: ID!, $itemIds: [ID!]!) {
    setPostShelfItems(postId: $postId, itemIds: $itemIds) {
      id
      title
    }
  }
`);

export function PostShelfItems({ postId }: { postId: string }) {
  const headingId = useId();
  const searchId = useId();
  const [search, setSearch] = useState('');
  const { data } = useQuery(PostShelfItemsQuery, { variables: { id: postId }, fetchPolicy: 'network-only' });
  const found = useQuery(FindShelfItemsQuery, { variables: { search }, skip: search.trim() === '' });
  const [setItems, { loading }] = useMutation(SetPostShelfItemsMutation, {
    refetchQueries: [PostShelfItemsQuery],
    awaitRefetchQueries: true,
  });
  const linked = data?.post?.shelfItems ?? [];
  const save = (ids: string[]) =>
    setItems({ variables: { postId, itemIds: ids } }).catch((failure: unknown) => showApiError(failure));
  const candidates = (found.data?.shelfItems.items ?? []).filter((item) => !linked.some((l) => l.id === item.id));

  return (
    <section className="post-shelf-links" aria-labelledby={headingId}>
      <h2 id={headingId}>On the shelf</h2>
      <p>The items this post is about: its page shows their boxes, and search engines read it as their review.</p>
      <ItemList
        label="Linked items"
        items={linked}
        action="Unlink"
        busy={loading}
        onAct={(item) => void save(linked.filter((other) => other.id !== item.id).map((other) => other.id))}
      />
      <div className="form-field">
        <label className="form-label" htmlFor={searchId}>
          Find a shelf item by its title
        </label>
        <input
          id={searchId}
          className="form-input"
          type="search"
          value={search}
          autoComplete="off"
          onChange={(event) => setSearch(event.currentTarget.value)}
        />
      </div>
      <ItemList
        label="Shelf items found"
        items={candidates}
        action="Link"
        busy={loading}
        onAct={(item) => void save([...linked.map((other) => other.id), item.id])}
      />
    </section>
  );
}

/** Items, each with one button (Link or Unlink); nothing when there are none. */
function ItemList(props: {
  label: string;
  items: ReadonlyArray<{ id: string; title: string }>;
  action: string;
  busy: boolean;
  onAct: (item: { id: string; title: string }) => void;
}) {
  if (props.items.length === 0) return null;
  return (
    <ul aria-label={props.label}>
      {props.items.map((item) => (
        <li key={item.id}>
          {item.title}{' '}
          <button type="button" className="button button-small" disabled={props.busy} onClick={() => props.onAct(item)}>
            {props.action}
            <span className="visually-hidden"> {item.title}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}
