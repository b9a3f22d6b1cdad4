// The PostgreSQL pool options of the example: defaults, validation, and their environment variables.
import { describe, expect, it } from 'vitest';
import { DEFAULT_POSTGRES_OPTIONS, POSTGRES_ENV, postgresOptionsFromEnv } from '../src/database/index.js';
import { resolvePostgresOptions } from '../src/database/postgresOptions.js';

describe('PostgreSQL pool options', () => {
  it('an empty environment means every default', () => {
    expect(postgresOptionsFromEnv({})).toEqual({});
    expect(resolvePostgresOptions(postgresOptionsFromEnv({}))).toEqual(DEFAULT_POSTGRES_OPTIONS);
  });

  it('reads each option from its variable', () => {
    const env = {
      [POSTGRES_ENV.poolSize]: '3',
      [POSTGRES_ENV.replicaPoolSize]: '7',
      [POSTGRES_ENV.connectionTimeoutMs]: '250',
      [POSTGRES_ENV.statementTimeoutMs]: '0',
      [POSTGRES_ENV.idleTimeoutMs]: ' 500 ',
      [POSTGRES_ENV.applicationName]: 'reports',
    };
    expect(resolvePostgresOptions(postgresOptionsFromEnv(env))).toEqual({
      poolSize: 3,
      replicaPoolSize: 7,
      connectionTimeoutMs: 250,
      statementTimeoutMs: 0,
      idleTimeoutMs: 500,
      applicationName: 'reports',
    });
  });

  it.each([
    ['DATABASE_POOL_SIZE', '0'],
    ['DATABASE_POOL_SIZE', '2.5'],
    ['DATABASE_REPLICA_POOL_SIZE', '0'],
    ['DATABASE_STATEMENT_TIMEOUT_MS', '-1'],
    ['DATABASE_CONNECTION_TIMEOUT_MS', '5s'],
    ['DATABASE_IDLE_TIMEOUT_MS', '1e3'],
  ])('refuses %s=%s, naming the variable', (name, value) => {
    expect(() => postgresOptionsFromEnv({ [name]: value })).toThrow(new RegExp(name));
  });

  it("sizes each replica's pool like the primary's unless told otherwise", () => {
    expect(resolvePostgresOptions({ poolSize: 4 })).toMatchObject({ poolSize: 4, replicaPoolSize: 4 });
    expect(resolvePostgresOptions({ poolSize: 4, replicaPoolSize: 12 })).toMatchObject({
      poolSize: 4,
      replicaPoolSize: 12,
    });
  });

  it('refuses bad options passed in code, naming the option', () => {
    expect(() => resolvePostgresOptions({ poolSize: 0 })).toThrow(/`poolSize`/);
    expect(() => resolvePostgresOptions({ statementTimeoutMs: Number.NaN })).toThrow(/`statementTimeoutMs`/);
    expect(() => resolvePostgresOptions({ applicationName: 'x'.repeat(64) })).toThrow(/`applicationName`/);
  });
});
