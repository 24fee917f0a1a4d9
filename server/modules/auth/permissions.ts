// Imperative guards for code outside GraphQL (the REST facade), with the same errors as the schema's
// authScopes: anonymous callers get UNAUTHENTICATED (401), signed-in non-admins FORBIDDEN (403).
import type { Viewer } from './viewer.ts';
import { forbidden, unauthenticated } from '../../errors.ts';

export function requireUser(viewer: Viewer | null): Viewer {
  if (!viewer) throw unauthenticated();
  return viewer;
}

export function requireAdmin(viewer: Viewer | null): Viewer & { isAdmin: true } {
  const user = requireUser(viewer);
  if (!user.isAdmin) throw forbidden();
  return user as Viewer & { isAdmin: true };
}
