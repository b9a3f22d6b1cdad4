import type { QueryResult, QueryResultRow } from 'pg';

export declare function queryOnce<R extends QueryResultRow = QueryResultRow>(
  connectionString: string,
  sql: string,
  values?: unknown[],
): Promise<QueryResult<R>>;
