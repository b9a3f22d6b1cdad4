import type { FieldSelection } from '@facet/core';
import {
  type PrepareFieldsQueryOptions,
  parseFieldsParameter,
} from '../../projection/prepare-fields-query.js';
import { type PageProjection, splitPageSelection } from './envelope.js';

/** The `fields` of a detail read, parsed; `undefined` when the caller sent none. */
export function checkDetailFields(
  fields: unknown,
  options: PrepareFieldsQueryOptions,
): FieldSelection | undefined {
  return fields === undefined ? undefined : parseFieldsParameter(fields, options);
}

/** The `fields` of a paged read, parsed and split by the envelope rule (`items{…},meta{…}`). */
export function checkPageFields(fields: unknown, options: PrepareFieldsQueryOptions): PageProjection {
  return splitPageSelection(checkDetailFields(fields, options), String(fields));
}
