import { type FieldSelection, type ParseFieldsOptions, parseFields } from '@facet/core';

/**
 * Most expressions kept. A list endpoint sees a handful of `fields` expressions (one per table
 * view of its clients) on every request; the bound keeps hostile input from growing the cache.
 * Facet default, not from the spec.
 */
export const FIELDS_CACHE_SIZE = 256;
/** Longer expressions are parsed every time: rare, and they would make the cache heavy. */
export const FIELDS_CACHE_MAX_LENGTH = 512;

const cache = new Map<string, FieldSelection>();

function deepFreeze(selection: FieldSelection): FieldSelection {
  for (const key of Object.keys(selection)) {
    const child = selection[key];
    if (child !== true && child !== undefined) deepFreeze(child);
  }
  return Object.freeze(selection);
}

/**
 * `parseFields` with a bounded least-recently-used cache, so that the same `fields` text is not
 * parsed again on every request. The result is deeply frozen, because it is shared between
 * requests. Only successful parses are kept: refused input throws every time, with the same error.
 */
export function parseFieldsCached(text: string, options?: ParseFieldsOptions): FieldSelection {
  if (text.length > FIELDS_CACHE_MAX_LENGTH) return parseFields(text, options);
  // The limits decide whether a text parses, so they are part of the key.
  const key =
    options === undefined
      ? `:::${text}`
      : `${options.maxDepth ?? ''}:${options.maxLength ?? ''}:${options.maxFields ?? ''}:${text}`;
  const hit = cache.get(key);
  if (hit !== undefined) {
    // Re-inserting keeps the Map in least-recently-used order.
    cache.delete(key);
    cache.set(key, hit);
    return hit;
  }
  const selection = deepFreeze(parseFields(text, options));
  cache.set(key, selection);
  if (cache.size > FIELDS_CACHE_SIZE) cache.delete(cache.keys().next().value as string);
  return selection;
}
