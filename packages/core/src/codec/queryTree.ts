import type { IssuePath } from '../issues.js';
import { recordDecodedText } from './decodedText.js';
import type { ResolvedDecodeQueryOptions } from './decodeOptions.js';
import { fail, pathOf } from './issue.js';
import { APPEND, type KeySegment } from './parseKey.js';
import { isPlainObject, isPrototypeKey } from './prototypeKeys.js';
import { NOT_JSON, readJsonLike } from './readJsonLike.js';

type Container = Record<string, unknown> | unknown[];

function isContainer(value: unknown): value is Container {
  return typeof value === 'object' && value !== null;
}

/**
 * Builds the decoded query from (key path, value) pairs, whatever input form they came from.
 *
 * Safety rests on one invariant: every key is checked with `isPrototypeKey` before it is used to
 * write, and existing keys are read only through `Object.hasOwn`, so plain `{}` objects are safe
 * to build on and no write can reach `Object.prototype`.
 */
export class QueryTree {
  readonly root: Record<string, unknown> = {};
  private parameters = 0;
  private nodes = 0;
  private sparse: unknown[][] | undefined;

  constructor(readonly limits: ResolvedDecodeQueryOptions) {}

  /** Counts one parameter against `maxKeys`; call before doing any work for it. */
  countParameter(): void {
    if (++this.parameters > this.limits.maxKeys) {
      fail({
        code: 'too_many',
        path: [],
        limit: this.limits.maxKeys,
        message: `A query may have at most ${this.limits.maxKeys} parameters.`,
      });
    }
  }

  /** Refuses a key longer than `maxValueLength` before it is parsed. */
  checkKeyLength(key: string): void {
    if (key.length > this.limits.maxValueLength) {
      fail({
        code: 'too_many',
        path: [],
        limit: this.limits.maxValueLength,
        message: `A key may be at most ${this.limits.maxValueLength} characters long.`,
      });
    }
  }

  /** Reads `text` as spec 4.5 (docs/spec-conformance.md#45-query-string-parsing) says (JSON-like text becomes its value) and stores it at `segments`. */
  addValue(segments: readonly KeySegment[], text: string): void {
    if (text.length > this.limits.maxValueLength) {
      fail({
        code: 'too_many',
        path: segments.filter((segment) => segment !== APPEND),
        limit: this.limits.maxValueLength,
        message: `A value may be at most ${this.limits.maxValueLength} characters long.`,
      });
    }
    const read = readJsonLike(text);
    if (read === NOT_JSON || typeof read === 'string')
      this.assign(segments, read === NOT_JSON ? text : read, false);
    else this.assign(segments, read, isContainer(read), text);
  }

  /** Stores a scalar that is already a value (from a record built in code). */
  addDecoded(segments: readonly KeySegment[], value: number | boolean | null): void {
    this.assign(segments, value, typeof value === 'number');
  }

  /** The decoded query. Arrays built from sparse indexes (`a[0]=x&a[5]=y`) are compacted, as qs does. */
  finish(): Record<string, unknown> {
    if (this.sparse !== undefined) {
      for (const array of this.sparse) {
        const dense = array.filter(() => true);
        array.length = 0;
        for (const item of dense) array.push(item);
      }
    }
    return this.root;
  }

  /** `source` is the text a non-string value was read from (see `decodedText`). */
  private assign(segments: readonly KeySegment[], value: unknown, isJson: boolean, source?: string): void {
    const path: (string | number)[] = [];
    const last = segments.length - 1;
    let node: Container = this.root;
    for (let i = 0; ; i++) {
      const segment = segments[i] as KeySegment;
      let existing: unknown;
      let key: string | number;
      if (Array.isArray(node)) {
        if (typeof segment !== 'number')
          fail(conflict(path, 'holds an array, so what follows it must be an index'));
        key = segment === APPEND ? node.length : segment;
        if (key > this.limits.maxArrayIndex) {
          fail({
            code: 'too_many',
            path: pathOf([...path, key]),
            limit: this.limits.maxArrayIndex,
            message: `Array indexes may be at most ${this.limits.maxArrayIndex}.`,
          });
        }
        if (key > node.length) this.markSparse(node);
        existing = node[key];
      } else {
        if (typeof segment !== 'string')
          fail(conflict(path, 'holds an object, so what follows it must be a key, not an index'));
        key = segment;
        existing = Object.hasOwn(node, key) ? node[key] : undefined;
      }
      path.push(key);
      if (i === last) {
        if (isJson) this.checkJson(value, path);
        else this.countNode(path);
        const stored = existing === undefined ? value : this.merge(existing, value, path);
        setChild(node, key, stored);
        if (source !== undefined && stored === value) recordDecodedText(node, key, source);
        return;
      }
      const nextIsIndex = typeof segments[i + 1] === 'number';
      // `true` under a key that also gets nested keys is Prisma's "load it" and the object refines
      // it (`include.author=true&include.author.select.name=true`), so the object takes its place.
      if (existing === undefined || (existing === true && !nextIsIndex)) {
        const child: Container = nextIsIndex ? [] : {};
        setChild(node, key, child);
        node = child;
      } else if (isContainer(existing)) {
        node = existing;
      } else {
        fail(conflict(path, 'already has a value, so it cannot also hold nested keys'));
      }
    }
  }

  private markSparse(array: unknown[]): void {
    if (this.sparse === undefined) this.sparse = [array];
    else this.sparse.push(array);
  }

  /**
   * Merges two values sent for one path: objects merge key by key, and `true` meeting an object
   * becomes the object (the spec's own example sends `include.author=true` beside
   * `include.author.include.books.select.title=true`). Anything else is a conflict.
   */
  private merge(existing: unknown, incoming: unknown, path: (string | number)[]): unknown {
    if (existing === true && isPlainObject(incoming)) return incoming;
    if (incoming === true && isPlainObject(existing)) return existing;
    if (
      !isContainer(existing) ||
      !isContainer(incoming) ||
      Array.isArray(existing) ||
      Array.isArray(incoming)
    ) {
      return fail({
        code: 'invalid_value',
        path: pathOf(path),
        message: 'This key is given more than once; send an array as JSON or with indexed keys.',
      });
    }
    for (const key of Object.keys(incoming)) {
      const value = incoming[key];
      if (Object.hasOwn(existing, key)) {
        path.push(key);
        existing[key] = this.merge(existing[key], value, path);
        path.pop();
      } else {
        existing[key] = value;
      }
    }
    return existing;
  }

  private countNode(path: readonly (string | number)[]): void {
    if (++this.nodes > this.limits.maxNodes) {
      fail({
        code: 'too_many',
        path: pathOf(path),
        limit: this.limits.maxNodes,
        message: `A query may hold at most ${this.limits.maxNodes} values.`,
      });
    }
  }

  /**
   * Walks a value that came from JSON text before it joins the result: prototype keys, depth and
   * the node budget apply inside JSON exactly as they do to keys. Recursion is bounded by
   * `maxDepth`, since the depth check runs before each descent.
   */
  private checkJson(value: unknown, path: (string | number)[]): void {
    this.countNode(path);
    if (typeof value === 'number') {
      if (!Number.isFinite(value)) {
        fail({ code: 'invalid_value', path: pathOf(path), message: 'This number is out of range.' });
      }
      return;
    }
    if (!isContainer(value)) return;
    const keys: readonly (string | number)[] = Array.isArray(value)
      ? value.map((_, i) => i)
      : Object.keys(value);
    if (keys.length === 0) return;
    if (path.length + 1 > this.limits.maxDepth) {
      fail({
        code: 'too_deep',
        path: pathOf([...path, keys[0] as string | number]),
        limit: this.limits.maxDepth,
        message: `Values may be at most ${this.limits.maxDepth} levels deep.`,
      });
    }
    for (const key of keys) {
      path.push(key);
      if (typeof key === 'string' && isPrototypeKey(key)) {
        fail({ code: 'prototype_key', path: pathOf(path), message: 'This key is not allowed.' });
      }
      this.checkJson((value as Record<string | number, unknown>)[key], path);
      path.pop();
    }
  }
}

function setChild(node: Container, key: string | number, value: unknown): void {
  (node as Record<string | number, unknown>)[key] = value;
}

function conflict(path: readonly (string | number)[], what: string) {
  return {
    code: 'invalid_value' as const,
    path: pathOf(path) as IssuePath,
    message: `This key conflicts with another parameter: it ${what}.`,
  };
}
