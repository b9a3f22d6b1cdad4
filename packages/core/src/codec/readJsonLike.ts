/** Returned by `readJsonLike` when the text is not read as JSON and so stays the string it is. */
export const NOT_JSON: unique symbol = Symbol('facet.notJson');

/**
 * Reads one query-string value the way spec 4.5 (docs/spec-conformance.md#45-query-string-parsing) asks: text that `JSON.parse` accepts becomes that
 * value, anything else stays a string. Two refinements, both Facet's: a bare number that overflows
 * to `Infinity` (`1e400`) stays a string, since JSON cannot carry it; and nothing here throws.
 *
 * The encoder asks the same function whether a string needs JSON quotes, which is what makes
 * `decodeQuery(encodeQuery(q))` give back `q`.
 *
 * Most values are plain words or integers, so the first character decides before any `JSON.parse`:
 * a failed parse costs an exception, which is far slower than the checks here.
 */
export function readJsonLike(text: string): unknown {
  const length = text.length;
  let start = 0;
  while (start < length && isJsonSpace(text.charCodeAt(start))) start++;
  if (start === length) return NOT_JSON;
  const first = text.charCodeAt(start);
  if (first === 45 || (first >= 48 && first <= 57)) return readNumber(text, start);
  switch (first) {
    case 123: // {
    case 91: // [
    case 34: // "
      return parseOrNotJson(text);
    case 116: // t
      return text === 'true' ? true : text.startsWith('true', start) ? parseOrNotJson(text) : NOT_JSON;
    case 102: // f
      return text === 'false' ? false : text.startsWith('false', start) ? parseOrNotJson(text) : NOT_JSON;
    case 110: // n
      return text === 'null' ? null : text.startsWith('null', start) ? parseOrNotJson(text) : NOT_JSON;
    default:
      return NOT_JSON;
  }
}

function isJsonSpace(code: number): boolean {
  return code === 32 || code === 9 || code === 10 || code === 13;
}

function isDigit(code: number): boolean {
  return code >= 48 && code <= 57;
}

function parseOrNotJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return NOT_JSON;
  }
}

/**
 * Checks the JSON number grammar by hand (`-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?`, then only
 * whitespace), so `007`, `1.` and `2024-01-01` are rejected without a throwing `JSON.parse`.
 * For text that passes, `Number` and `JSON.parse` give the same double.
 */
function readNumber(text: string, start: number): unknown {
  const length = text.length;
  let i = start;
  if (text.charCodeAt(i) === 45) i++;
  const lead = text.charCodeAt(i);
  if (lead === 48) i++;
  else if (lead >= 49 && lead <= 57) {
    i++;
    while (isDigit(text.charCodeAt(i))) i++;
  } else return NOT_JSON;
  if (text.charCodeAt(i) === 46) {
    i++;
    if (!isDigit(text.charCodeAt(i))) return NOT_JSON;
    while (isDigit(text.charCodeAt(i))) i++;
  }
  const exponent = text.charCodeAt(i);
  if (exponent === 101 || exponent === 69) {
    i++;
    const sign = text.charCodeAt(i);
    if (sign === 43 || sign === 45) i++;
    if (!isDigit(text.charCodeAt(i))) return NOT_JSON;
    while (isDigit(text.charCodeAt(i))) i++;
  }
  while (i < length && isJsonSpace(text.charCodeAt(i))) i++;
  if (i !== length) return NOT_JSON;
  const value = Number(text);
  return Number.isFinite(value) ? value : NOT_JSON;
}
