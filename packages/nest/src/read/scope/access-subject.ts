import 'reflect-metadata';
import type { DtoClass } from '../../projection/field-schema.types.js';

const ACCESS_SUBJECT = 'facet:access-subject';

/**
 * Names the access subject of the rows a DTO represents (a CASL subject such as `'Book'`). A
 * `QueryService` given this DTO's relatives through its `dto` option asks `accessibleWhere` for
 * this subject whenever a read reaches these rows through a relation (an include, a relation
 * filter, a `_count`). A DTO without one is readable wherever its parent is.
 */
export function AccessSubject(subject: string): ClassDecorator {
  if (typeof subject !== 'string' || subject === '') {
    throw new TypeError('@AccessSubject() needs a non-empty subject name.');
  }
  return (target) => Reflect.defineMetadata(ACCESS_SUBJECT, subject, target);
}

/** The subject `@AccessSubject()` gave the class or its nearest ancestor, if any. */
export function getAccessSubject(dto: DtoClass): string | undefined {
  const subject: unknown = Reflect.getMetadata(ACCESS_SUBJECT, dto);
  return typeof subject === 'string' ? subject : undefined;
}
