// The session as the server knows it: the start-up check of a stored user, and signing out.
import type { ApolloClient } from '@apollo/client';
import { useApolloClient } from '@apollo/client/react';
import { useCallback, useState } from 'react';
import { graphql, getFragmentData, type FragmentType } from '../gql';
import { evictCurrentUser } from './cache-updates';
import { clearUserInfo, markUserInfoConfirmed, saveUserInfo, storedUserInfoText, type UserInfo } from './user-info';

/** What the client keeps of a user (user-info.ts): every answer that names the signed-in user asks for it. */
export const StoredUserFragment = graphql(`
  fragment Session_StoredUser on User {
    id
    name
    email
    isAdmin
  }
`);

const CurrentUserQuery = graphql(`
  query CurrentUser {
    me {
      ...Session_StoredUser
    }
  }
`);

const LogoutMutation = graphql(`
  mutation Logout {
    logout
  }
`);

/** The user info the client stores (name, email, isAdmin), from a User the API returned. */
export function toUserInfo(user: FragmentType<typeof StoredUserFragment>): UserInfo {
  const { name, email, isAdmin } = getFragmentData(StoredUserFragment, user);
  return { name, email, isAdmin };
}

/**
 * At start-up: asks the server who the session cookie belongs to, when a user is stored. No one
 * (the session expired or ended elsewhere) clears the stored user; someone refreshes it (a name,
 * or admin rights, changed meanwhile). If the server cannot be reached, the stored user stands.
 */
export async function confirmStoredUser(client: ApolloClient): Promise<void> {
  const before = storedUserInfoText();
  if (before === null) {
    markUserInfoConfirmed();
    return;
  }
  try {
    const { data } = await client.query({ query: CurrentUserQuery, fetchPolicy: 'network-only' });
    // A sign-in or sign-out while the request ran is newer than its answer.
    if (storedUserInfoText() !== before || !data) return;
    if (data.me) saveUserInfo(toUserInfo(data.me));
    else clearUserInfo();
  } catch {
    // Offline or a server error: nothing says the session ended.
  } finally {
    markUserInfoConfirmed();
  }
}

/**
 * Signing out: the server ends the session, then the client forgets the user and goes where the
 * caller says. A failure is only logged and the user stays signed in.
 */
export function useLogout(): { logout: (onSignedOut: () => void) => Promise<void>; loading: boolean } {
  const client = useApolloClient();
  const [loading, setLoading] = useState(false);
  const logout = useCallback(
    async (onSignedOut: () => void) => {
      setLoading(true);
      try {
        await client.mutate({ mutation: LogoutMutation });
      } catch (error) {
        console.error('Logout failed:', error);
        return;
      } finally {
        setLoading(false);
      }
      clearUserInfo();
      evictCurrentUser(client.cache);
      onSignedOut();
    },
    [client],
  );
  return { logout, loading };
}
