const ESCAPE_RUNS = /(?:%[0-9A-Fa-f]{2})+/g;

/**
 * Decodes one key or value of an `application/x-www-form-urlencoded` query: `+` is a space and
 * `%XX` escapes are UTF-8. A malformed escape (`100%`, `%E0%A4`) is kept as written instead of
 * failing the whole request, as `qs` does; only runs of well-formed escapes are decoded then.
 */
export function decodeComponent(text: string): string {
  const spaced = text.indexOf('+') === -1 ? text : text.replaceAll('+', ' ');
  if (spaced.indexOf('%') === -1) return spaced;
  try {
    return decodeURIComponent(spaced);
  } catch {
    return spaced.replace(ESCAPE_RUNS, decodeRun);
  }
}

/** Decodes a run of `%XX` escapes one UTF-8 sequence at a time, keeping broken sequences as written. */
function decodeRun(run: string): string {
  let out = '';
  for (let i = 0; i < run.length; ) {
    const lead = Number.parseInt(run.slice(i + 1, i + 3), 16);
    const bytes = lead < 0x80 ? 1 : lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : lead >= 0xc0 ? 2 : 1;
    const sequence = run.slice(i, i + bytes * 3);
    try {
      out += decodeURIComponent(sequence);
      i += sequence.length;
    } catch {
      out += run.slice(i, i + 3);
      i += 3;
    }
  }
  return out;
}
