// The imperative guards the REST facade uses: the same errors (and HTTP statuses) as the schema's authScopes.
import { describe, expect, it } from 'vitest';
import { AppError } from '../../server/errors.ts';
import { requireAdmin, requireUser } from '../../server/modules/auth/permissions.ts';

const reader = { id: 'r', name: 'Reader', email: 'reader@example.com', isAdmin: false };
const admin = { id: 'a', name: 'Admin', email: 'admin@example.com', isAdmin: true };

function errorOf(fn: () => unknown): AppError {
  try {
    fn();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected an AppError');
}

describe('requireUser', () => {
  it('refuses an anonymous caller with UNAUTHENTICATED (401)', () => {
    expect(errorOf(() => requireUser(null))).toMatchObject({ code: 'UNAUTHENTICATED', status: 401 });
  });

  it('returns any signed-in viewer', () => {
    expect(requireUser(reader)).toBe(reader);
    expect(requireUser(admin)).toBe(admin);
  });
});

describe('requireAdmin', () => {
  it('refuses an anonymous caller with UNAUTHENTICATED (401) and a reader with FORBIDDEN (403)', () => {
    expect(errorOf(() => requireAdmin(null))).toMatchObject({ code: 'UNAUTHENTICATED', status: 401 });
    expect(errorOf(() => requireAdmin(reader))).toMatchObject({ code: 'FORBIDDEN', status: 403 });
  });

  it('returns an admin', () => {
    expect(requireAdmin(admin)).toBe(admin);
  });
});
