import type { KeysetPageMetaDTO, PageMetaDTO, PartialPageMetaDTO } from './page-meta.dto.js';

/**
 * The envelope a list endpoint returns (docs/spec-conformance.md#22-server-side-paginated-result): built from the items and the page meta of a
 * `QueryService.query` result; it serializes as `{ items, meta }`.
 */
export class PaginatedDTO<
  TItem,
  TMeta extends PageMetaDTO | PartialPageMetaDTO | KeysetPageMetaDTO = PageMetaDTO,
> {
  readonly items: TItem[];
  readonly meta: TMeta;

  constructor(items: TItem[], meta: TMeta) {
    this.items = items;
    this.meta = meta;
  }
}
