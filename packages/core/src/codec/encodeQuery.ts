import { NOT_JSON, readJsonLike } from './readJsonLike.js';

export interface EncodeQueryOptions {
  /**
   * Start a non-empty result with `?`, ready to append to a path. Facet default, not from the spec.
   * @default false
   */
  readonly addQueryPrefix?: boolean;
}

/**
 * Encodes a query object in Facet's wire format (see the package README), so that
 * `decodeQuery(encodeQuery(q))` deep-equals `q` for every JSON object `q`:
 * - nested objects become dotted keys (`where.author.name.contains=Ada`); an empty object is `{}`;
 * - arrays travel as JSON (`orderBy=[{"title":"asc"}]`, percent-encoded);
 * - a string that would decode as something else (`2024`, `true`, `null`, `[x]`, `"q"`) is sent
 *   JSON-quoted, and a key containing `.`, `[` or `]` (or an empty key) is sent as a quoted segment
 *   (`where."a.b"=1`).
 *
 * As in `JSON.stringify`: `undefined`, functions and symbols are left out, and `toJSON` is honoured
 * (a `Date` is sent as its ISO string, a Prisma `Decimal` as its exact string). A `bigint` is sent
 * as a quoted decimal string, so it arrives as a string without losing digits.
 *
 * @throws {TypeError} when `value` is not an object, holds a cycle, or holds a non-finite number.
 */
// `object`, not `Record<string, unknown>`: an interface such as `QueryInput` has no index signature, and
// callers should not need a cast to encode their own typed query.
export function encodeQuery(value: object, options?: EncodeQueryOptions): string {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new TypeError('encodeQuery expects a plain object of query parameters.');
  }
  const out = new Output();
  out.object(value, '', []);
  return options?.addQueryPrefix === true && out.text !== '' ? `?${out.text}` : out.text;
}

class Output {
  text = '';

  object(value: object, prefix: string, ancestors: object[]): void {
    if (ancestors.includes(value))
      throw new TypeError('encodeQuery cannot encode a value that contains itself.');
    ancestors.push(value);
    const record = value as Readonly<Record<string, unknown>>;
    for (const key of Object.keys(record)) {
      const name = prefix === '' ? encodeKeySegment(key) : `${prefix}.${encodeKeySegment(key)}`;
      this.value(record[key], key, name, ancestors);
    }
    ancestors.pop();
  }

  private value(value: unknown, key: string, name: string, ancestors: object[]): void {
    switch (typeof value) {
      case 'string':
        this.pair(name, encodeStringValue(value));
        return;
      case 'number':
        this.pair(name, encodeNumber(value, name));
        return;
      case 'boolean':
        this.pair(name, value ? 'true' : 'false');
        return;
      case 'bigint':
        this.pair(name, `%22${value.toString()}%22`);
        return;
      case 'object':
        break;
      default:
        return; // undefined, functions and symbols are left out, as in JSON.
    }
    if (value === null) {
      this.pair(name, 'null');
    } else if (Array.isArray(value)) {
      this.pair(name, encodeURIComponent(JSON.stringify(value)));
    } else if (typeof (value as { toJSON?: unknown }).toJSON === 'function') {
      this.value((value as { toJSON(key: string): unknown }).toJSON(key), key, name, ancestors);
    } else {
      const before = this.text.length;
      this.object(value, name, ancestors);
      // Nothing written means an empty object; it still has to arrive as one.
      if (this.text.length === before) this.pair(name, '%7B%7D');
    }
  }

  private pair(name: string, encodedValue: string): void {
    this.text = this.text === '' ? `${name}=${encodedValue}` : `${this.text}&${name}=${encodedValue}`;
  }
}

/**
 * Quotes every string the decoder would read as another value, and also every string that merely
 * opens like JSON (`[x]`, `{x}`, `"open`): those decode as themselves today, but quoting them keeps
 * them strings for any reader that is more lenient with broken JSON.
 */
function needsQuotedValue(value: string): boolean {
  const first = value.charCodeAt(0);
  return first === 91 || first === 123 || first === 34 || readJsonLike(value) !== NOT_JSON;
}

function encodeStringValue(value: string): string {
  const text = needsQuotedValue(value) ? JSON.stringify(value) : value;
  try {
    return encodeURIComponent(text);
  } catch {
    // A lone surrogate cannot be percent-encoded as UTF-8; JSON's \u escape carries it intact.
    return encodeURIComponent(JSON.stringify(value));
  }
}

function encodeNumber(value: number, name: string): string {
  if (!Number.isFinite(value)) {
    throw new TypeError(`encodeQuery cannot encode the non-finite number at ${decodeURIComponent(name)}.`);
  }
  if (Object.is(value, -0)) return '-0';
  const text = String(value);
  // Exponents print as `1e+21`, and a raw `+` would decode as a space.
  return text.indexOf('+') === -1 ? text : text.replace('+', '%2B');
}

/**
 * Keys that the key grammar would split or misread travel JSON-quoted. Brackets inside the quotes
 * are written as JSON `\u` escapes, because qs (Express's `extended` parser) reads brackets in a
 * key before Facet sees it, and would tear `"[x]"` apart.
 */
function encodeKeySegment(key: string): string {
  if (!needsQuotedKey(key)) {
    try {
      return encodeURIComponent(key);
    } catch {
      // A lone surrogate: only the quoted form (a JSON \u escape) can carry it.
    }
  }
  return encodeURIComponent(quoteKey(key));
}

function quoteKey(key: string): string {
  const quoted = JSON.stringify(key);
  return quoted.indexOf('[') === -1 && quoted.indexOf(']') === -1
    ? quoted
    : quoted.replaceAll('[', '\\u005b').replaceAll(']', '\\u005d');
}

function needsQuotedKey(key: string): boolean {
  if (key === '' || key.charCodeAt(0) === 34) return true;
  for (let i = 0; i < key.length; i++) {
    const code = key.charCodeAt(i);
    if (code === 46 || code === 91 || code === 93) return true;
  }
  return false;
}
