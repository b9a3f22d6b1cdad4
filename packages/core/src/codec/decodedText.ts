/**
 * The text a decoded value was read from, for values that JSON reading turned into something other
 * than a string (`2024`, `1e3`, `true`, `null`, `[x]`). A server that knows a field is a string uses
 * it to give curl, HTML forms and qs-based clients the text they sent (`where.title=2024`), which
 * only Facet's own encoder would have JSON-quoted.
 *
 * Kept beside the result rather than in it, so the decoded object stays exactly the JSON value the
 * wire format promises. Keyed by the container object: it survives as long as nobody copies the
 * decoded query. The registry lives on `globalThis` under a registered symbol so that the ESM and CJS
 * builds of this package, if both are loaded, share it.
 */
type TextRegistry = WeakMap<object, Map<string | number, string>>;

const REGISTRY_KEY = Symbol.for('@facet/core.decodedText');

function registry(): TextRegistry {
  const holder = globalThis as { [REGISTRY_KEY]?: TextRegistry };
  let texts = holder[REGISTRY_KEY];
  if (texts === undefined) {
    texts = new WeakMap();
    holder[REGISTRY_KEY] = texts;
  }
  return texts;
}

/** Remembers that `container[key]` was decoded from `text`. */
export function recordDecodedText(container: object, key: string | number, text: string): void {
  const texts = registry();
  let entries = texts.get(container);
  if (entries === undefined) {
    entries = new Map();
    texts.set(container, entries);
  }
  entries.set(key, text);
}

/**
 * The query-string text that `decodeQuery` read `container[key]` from, when JSON reading made it
 * something other than a string; `undefined` for strings, for values that came from JSON inside
 * another value, and for objects that `decodeQuery` did not build.
 */
export function decodedText(container: object, key: string | number): string | undefined {
  return registry().get(container)?.get(key);
}
