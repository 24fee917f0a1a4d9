// UUIDv7 from a given instant, as Prisma's uuid(7) default writes them: bulk rows get ids that sort
// like their creation times, so the primary key index looks like one grown by real use.
import type { Random } from '../lib/random.ts';

export function uuidV7(timeMs: number, random: Random): string {
  const hex = (value: number, digits: number) => Math.floor(value).toString(16).padStart(digits, '0');
  const time = hex(timeMs, 12);
  const randomHex = (digits: number) => Array.from({ length: digits }, () => hex(random() * 16, 1)).join('');
  const variant = hex(8 + random() * 4, 1); // 10xx: the RFC 4122 variant
  return `${time.slice(0, 8)}-${time.slice(8)}-7${randomHex(3)}-${variant}${randomHex(3)}-${randomHex(12)}`;
}
