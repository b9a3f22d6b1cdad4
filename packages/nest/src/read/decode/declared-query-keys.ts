import type { Type } from '@nestjs/common';
import { getMetadataStorage } from 'class-validator';
import { facetDtoKeys } from './query-dto-check.js';

const declaredKeysCache = new WeakMap<object, ReadonlySet<string>>();

/**
 * The top-level query parameters a DTO declares. Facet's own query DTOs are known; any other class
 * declares the properties class-validator's whitelist allows: those with at least one validation
 * decorator, inherited ones included (as `ValidationPipe`'s `whitelist` decides).
 */
export function declaredQueryKeys(dto: Type<object>): ReadonlySet<string> {
  let keys = declaredKeysCache.get(dto);
  if (keys === undefined) {
    keys =
      facetDtoKeys(dto) ??
      new Set(
        getMetadataStorage()
          .getTargetValidationMetadatas(dto, '', false, false)
          .map((metadata) => metadata.propertyName),
      );
    declaredKeysCache.set(dto, keys);
  }
  return keys;
}
