-- CreateEnum
CREATE TYPE "AttemptKind" AS ENUM ('login', 'registration');

-- AlterTable
ALTER TABLE "LoginAttempt" ADD COLUMN     "kind" "AttemptKind" NOT NULL DEFAULT 'login';

-- AlterTable
ALTER TABLE "Session" ADD COLUMN     "signedInAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP;

-- Sessions made before this column existed were created by their sign-in: without this, every one
-- of them would count as freshly signed in for the first minutes after the upgrade.
UPDATE "Session" SET "signedInAt" = "createdAt";
