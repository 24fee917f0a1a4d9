// Confirmed subscribers written straight into the database, as an import would leave them (issue 40).
import { randomBytes } from 'node:crypto';
import type { PrismaClient } from '../../server/generated/prisma/client.ts';

export function addConfirmedSubscribers(prisma: PrismaClient, emails: readonly string[]) {
  return prisma.subscriber.createMany({
    data: emails.map((email) => ({
      email,
      status: 'confirmed' as const,
      consentSource: 'import',
      unsubscribeKey: randomBytes(12).toString('hex'),
      confirmedAt: new Date(),
    })),
  });
}
