// Record ids are UUIDs: anything else cannot name a record, so it is answered without asking the
// database (PostgreSQL would reject it as a uuid anyway). Pure: shared with the client.
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string | null | undefined): value is string {
  return typeof value === 'string' && UUID_PATTERN.test(value);
}
