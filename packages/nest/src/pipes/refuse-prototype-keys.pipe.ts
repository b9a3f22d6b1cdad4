import { FacetQueryError } from '@facet/core';
import type { PipeTransform } from '@nestjs/common';
import { DEFAULT_MAX_BODY_DEPTH, findJsonBodyIssue } from './json-body-check.js';

/**
 * Refuses (400) a JSON body with a `__proto__`, `constructor` or `prototype` key at any depth
 * (`prototype_key`), or one nested deeper than `maxDepth` (`too_deep`), before anything else reads
 * it. `JSON.parse` keeps such keys as own properties and `ValidationPipe` drops them without a
 * word; as for query strings, a key that would be dropped silently is refused instead. A deep body
 * would overflow the stack of the validators that follow (a 500); the check itself keeps its own.
 * The refusal is a `FacetQueryError`, which `FacetModule`'s filter and `FacetExceptionFilter`
 * answer with its 400.
 */
export class RefusePrototypeKeysPipe implements PipeTransform<unknown, unknown> {
  constructor(private readonly maxDepth: number = DEFAULT_MAX_BODY_DEPTH) {}

  transform(value: unknown): unknown {
    const issue = findJsonBodyIssue(value, this.maxDepth);
    if (issue) throw new FacetQueryError([issue]);
    return value;
  }
}
