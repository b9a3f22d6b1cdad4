import { isDecimalLike } from '../serialization/is-decimal-like.js';
import { serializeValue } from '../serialization/serialize-value.js';

/**
 * What a spreadsheet may read as the start of a formula (`=`, `+`, `-`, `@`), or as a control it
 * strips before one (tab, carriage return). Such a cell gets a leading `'`, which spreadsheets show
 * as text and never evaluate (OWASP's CSV injection advice). Negative numbers included: a cell
 * cannot tell a number from a formula before the spreadsheet parses it.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
/** A cell with one of these is quoted (RFC 4180, section 2). */
const NEEDS_QUOTES = /[",\r\n]/;

/** A value as the text of one cell: what JSON would say, without its quotes for a string. */
function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint')
    return String(value);
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : value.toISOString();
  if (isDecimalLike(value)) return value.toFixed();
  return JSON.stringify(serializeValue(value)) ?? '';
}

/** One CSV cell: formula starts neutralised, then quoted when it holds a quote, a comma or a line break. */
export function csvCell(value: unknown): string {
  let text = cellText(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The value at a dotted path of an item (`author.name`); a missing or null step gives `undefined`. */
function valueAt(item: unknown, path: readonly string[]): unknown {
  let value = item;
  for (const step of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = Object.hasOwn(value, step) ? (value as Record<string, unknown>)[step] : undefined;
  }
  return value;
}

/**
 * Encodes items as CSV records under `columns`, each record ended by CRLF (RFC 4180). A batch is
 * one string built by concatenation, with no array or closure per row or cell: an export encodes
 * every row it reads, so what it allocates per row is what the garbage collector has to take back.
 */
export function csvEncoder(columns: readonly string[]): {
  readonly header: string;
  rows(items: readonly unknown[]): string;
} {
  const paths = columns.map((column) => column.split('.'));
  const last = paths.length - 1;
  return {
    header: `${columns.map(csvCell).join(',')}\r\n`,
    rows(items) {
      let text = '';
      for (const item of items) {
        if (last < 0) text += '\r\n';
        for (let index = 0; index <= last; index++) {
          text += csvCell(valueAt(item, paths[index] as string[]));
          text += index === last ? '\r\n' : ',';
        }
      }
      return text;
    },
  };
}
