/**
 * The raw SQL the setup needs, independent of the driver: the DDL is a multi-statement script, which
 * neither Prisma's `$executeRaw` nor prepared statements accept.
 */
export interface SqlRunner {
  /** Runs a script of one or more statements (simple query protocol). */
  exec(sql: string): Promise<void>;
  /** Runs one statement and returns its rows. */
  rows<TRow>(sql: string): Promise<TRow[]>;
}
