// Prisma's error codes that the services turn into expected errors.
import { Prisma } from '../../generated/prisma/client.ts';

/** The record a write names does not exist (any more): P2025. */
export function isRecordNotFound(error: unknown): boolean {
  return error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2025';
}

/** A unique index refused the write (P2002); `field`, when given, must be among the index's columns. */
export function isUniqueViolation(error: unknown, field?: string): boolean {
  if (!(error instanceof Prisma.PrismaClientKnownRequestError) || error.code !== 'P2002') return false;
  if (field === undefined) return true;
  // Where the columns are reported differs between drivers: look for the name anywhere in the meta.
  return JSON.stringify(error.meta ?? {}).includes(field);
}
