import type { BaseDelegateTypeMap } from '../model/delegate.types.js';
import { FilterQueryDTO } from './detail-query.dto.js';

/**
 * The query input of a bulk update or delete (`PATCH /resource?where=…`, `DELETE /resource?where=…`):
 * the filter naming the rows, checked as a read's. Required by the resource (`{}` names every row
 * the caller may read), so that a request that forgot its filter writes nothing.
 */
export class BulkWriteQueryDTO<
  TTypeMap extends BaseDelegateTypeMap = BaseDelegateTypeMap,
> extends FilterQueryDTO<TTypeMap> {}
