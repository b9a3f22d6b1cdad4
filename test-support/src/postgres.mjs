// One statement on a PostgreSQL server over a connection of its own, opened and closed around it: for
// a test's look at a server from outside the app under test (a replica's rows, its replay, the
// sessions a pool holds).
import pg from 'pg';

/**
 * @param {string} connectionString
 * @param {string} sql
 * @param {unknown[]} [values]
 */
export async function queryOnce(connectionString, sql, values) {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    return await client.query(sql, values);
  } finally {
    await client.end();
  }
}
