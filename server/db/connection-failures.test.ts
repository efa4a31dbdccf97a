import { describe, expect, it } from 'vitest';
import { DB_UNREACHABLE, isDatabaseUnavailable } from './connection-failures.ts';

const withCode = (code: string, cause?: unknown) => Object.assign(new Error('any text'), { code }, cause ? { cause } : {});

describe('which errors mean "the database is unavailable" (a 503, not a 500)', () => {
  it('by code: network errors, connection exceptions, shutdowns, too many connections, statement timeout', () => {
    for (const code of [
      'ECONNREFUSED',
      'ECONNRESET',
      'ETIMEDOUT',
      '08006',
      '08001',
      '08P01',
      '57P01',
      '57P02',
      '57P03',
      '53300',
      '57014',
      DB_UNREACHABLE,
    ]) {
      expect(isDatabaseUnavailable(withCode(code)), code).toBe(true);
    }
  });

  it('also when wrapped (pg-pool wraps a connect timeout in an error of its own)', () => {
    expect(isDatabaseUnavailable(new Error('outer', { cause: withCode('ECONNREFUSED') }))).toBe(true);
  });

  it('not for errors of the statement or the app, whatever their text says', () => {
    for (const code of ['23505', '23503', '40001', '42P01', '22P02']) expect(isDatabaseUnavailable(withCode(code)), code).toBe(false);
    expect(isDatabaseUnavailable(new Error('connection terminated unexpectedly'))).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
    expect(isDatabaseUnavailable('ECONNREFUSED')).toBe(false);
  });
});
