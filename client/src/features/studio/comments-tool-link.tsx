// The studio header's link to /admin/comments, with how many comments wait for approval (issue 38).
import { useQuery } from '@apollo/client/react';
import { NavLink } from 'react-router';
import { graphql } from '../../gql';

const CommentsWaitingQuery = graphql(`
  query CommentsWaiting {
    commentsWaiting
  }
`);

export function CommentsToolLink({ className }: { className: string }) {
  const { data } = useQuery(CommentsWaitingQuery, { fetchPolicy: 'cache-and-network' });
  const waiting = data?.commentsWaiting ?? 0;
  return (
    <NavLink className={className} to="/admin/comments" end>
      Comments
      {waiting > 0 && (
        <>
          {' '}
          <span className="comments-waiting" aria-hidden="true">
            {waiting}
          </span>
          <span className="visually-hidden">, {waiting} waiting</span>
        </>
      )}
    </NavLink>
  );
}
