// One reading of Accept-Encoding for the page compressor and the response cache's keys.
import { describe, expect, it } from 'vitest';
import { acceptedCodings } from '../../server/http/accept-encoding.ts';

describe('acceptedCodings', () => {
  it.each([
    [undefined, []],
    ['', []],
    ['gzip, deflate, br', ['br', 'gzip', 'deflate']],
    ['gzip', ['gzip']],
    ['identity', []],
    ['BR;Q=1, GZIP', ['br', 'gzip']],
    ['br;q=0, gzip', ['gzip']],
    ['br;q=0.000, gzip;q=0.5', ['gzip']],
    ['br; q = 0 , gzip', ['gzip']],
    ['*', ['br', 'gzip', 'deflate']],
    ['br;q=0, *', ['gzip', 'deflate']],
    ['*;q=0, gzip', ['gzip']],
    ['gzip;q=nonsense, br', ['br']],
  ])('%j accepts %j', (header, codings) => {
    expect(acceptedCodings(header)).toEqual(codings);
  });
});
