import { type FacetIssue, type IssuePath, isPrototypeKey } from '@facet/core';

/** The deepest JSON body Facet accepts by default: far more than any DTO nests, far less than a stack. */
export const DEFAULT_MAX_BODY_DEPTH = 32;

/** One value still to visit, with its parent link: the path is built only when an issue is found. */
interface Visit {
  readonly value: unknown;
  readonly key: string | number | undefined;
  readonly parent: Visit | undefined;
  readonly depth: number;
}

function pathOf(visit: Visit, last?: string): IssuePath {
  const path: (string | number)[] = last === undefined ? [] : [last];
  for (let at: Visit | undefined = visit; at?.key !== undefined; at = at.parent) path.push(at.key);
  return path.reverse();
}

/**
 * The first reason to refuse a parsed JSON body, or `undefined` when there is none: a
 * `__proto__`, `constructor` or `prototype` key at any depth (`JSON.parse` keeps them as own keys,
 * and class-transformer and `ValidationPipe` would drop them without a word), or nesting deeper
 * than `maxDepth` (class-transformer and class-validator recurse once per level, and a 20,000-deep
 * body would overflow the stack: a 500). The walk keeps its own stack, so no depth overflows it,
 * and it reads every value at most once.
 */
export function findJsonBodyIssue(
  body: unknown,
  maxDepth: number = DEFAULT_MAX_BODY_DEPTH,
): FacetIssue | undefined {
  const pending: Visit[] = [{ value: body, key: undefined, parent: undefined, depth: 0 }];
  for (let visit = pending.pop(); visit !== undefined; visit = pending.pop()) {
    const { value, depth } = visit;
    if (value === null || typeof value !== 'object') continue;
    if (depth >= maxDepth) {
      return {
        code: 'too_deep',
        path: pathOf(visit),
        limit: maxDepth,
        message: `The body may nest at most ${maxDepth} levels deep.`,
      };
    }
    if (Array.isArray(value)) {
      for (let index = value.length - 1; index >= 0; index--) {
        pending.push({ value: value[index], key: index, parent: visit, depth: depth + 1 });
      }
      continue;
    }
    const keys = Object.keys(value);
    for (const key of keys) {
      if (isPrototypeKey(key))
        return { code: 'prototype_key', path: pathOf(visit, key), message: 'This key is not allowed.' };
    }
    for (let index = keys.length - 1; index >= 0; index--) {
      const key = keys[index] as string;
      pending.push({ value: (value as Record<string, unknown>)[key], key, parent: visit, depth: depth + 1 });
    }
  }
  return undefined;
}
