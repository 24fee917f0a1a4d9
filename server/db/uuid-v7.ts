// UUIDv7 from a given instant, as Prisma's uuid(7) default writes them for now: rows written in bulk
// with their own times (the bench's seed, an import's comments) get ids that sort like those times,
// so "ids are time-ordered" stays true of them (a reply after its comment; the backup's order).
import { randomInt } from 'node:crypto';

/** A number in [0, 1); the bench passes a seeded one so its data sets are the same each run. */
export type UnitRandom = () => number;

const secureRandom: UnitRandom = () => randomInt(0, 2 ** 32) / 2 ** 32;

export function uuidV7(timeMs: number, random: UnitRandom = secureRandom): string {
  const hex = (value: number, digits: number) => Math.floor(value).toString(16).padStart(digits, '0');
  const time = hex(timeMs, 12);
  const randomHex = (digits: number) => Array.from({ length: digits }, () => hex(random() * 16, 1)).join('');
  const variant = hex(8 + random() * 4, 1); // 10xx: the RFC 4122 variant
  return `${time.slice(0, 8)}-${time.slice(8)}-7${randomHex(3)}-${variant}${randomHex(3)}-${randomHex(12)}`;
}
