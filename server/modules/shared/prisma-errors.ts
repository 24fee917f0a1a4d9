// Prisma's error codes that the services turn into expected errors.
import { Prisma } from '../../generated/prisma/client.ts';

/** The record a write names does not exist (any more): P2025. */
export function isRecordNotFound(error: unknown): boolean {
  return error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2025';
}
