// Names in compiled statements (columns and tables under their aliases, identifiers, field names as
// literals) and the separators every statement repeats, each fragment made once.
import { sql } from 'kysely';
import type { At, Fragment } from './compile-where.js';
import type { SqlColumn, SqlTable } from './sql-schema.js';

/**
 * Fragments are immutable, and Kysely builds each one with several frozen objects: names that
 * every statement repeats (`"t0"."title"`, `"Book" as "t0"`) are made once. The keys are the
 * schema's names and the compiler's aliases (`t0`…, as many as a statement's depth), never a
 * client's text; the bound only guards against a schema of very many columns.
 */
const names = new Map<string, Fragment>();
const NAMES_KEPT = 4096;

function named(key: string, make: () => Fragment): Fragment {
  const known = names.get(key);
  if (known !== undefined) return known;
  const made = make();
  if (names.size >= NAMES_KEPT) names.clear();
  names.set(key, made);
  return made;
}

/** A column of the table at `at`, by its alias (`"t0"."title"`). */
export function columnRef(at: At, column: SqlColumn): Fragment {
  return named(`c\u0000${at.alias}\u0000${column.column}`, () => sql.id(at.alias, column.column));
}

/** A table under its alias in a `from` (`"Book" as "t0"`). */
export function tableRef(table: SqlTable, alias: string): Fragment {
  return named(`t\u0000${alias}\u0000${table.schema ?? ''}\u0000${table.table}`, () => {
    const name = table.schema === undefined ? sql.id(table.table) : sql.id(table.schema, table.table);
    return sql`${name} as ${sql.id(alias)}`;
  });
}

/** The identifier `name`, or `qualifier.name` (a column alias such as `c0`, `t3.j`), made once. */
export function identifier(name: string, qualifier?: string): Fragment {
  return qualifier === undefined
    ? named(`i\u0000${name}`, () => sql.id(name))
    : named(`i\u0000${qualifier}\u0000${name}`, () => sql.id(qualifier, name));
}

/** A field's name as a string literal (a JSON object's key), made once. */
export function nameLiteral(name: string): Fragment {
  return named(`l\u0000${name}`, () => sql.lit(name));
}

// Separators and keywords every statement repeats.
export const SPACE = sql` `;
export const COMMA = sql`, `;
export const AND = sql` and `;
export const OR = sql` or `;
