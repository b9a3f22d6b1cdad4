import {
  FacetQuery,
  FacetRead,
  InjectResource,
  QueryDTO,
  type ReadContext,
  type ResourceOf,
} from '@facet/nest';
import { Controller, Get } from '@nestjs/common';
import type { Role } from '../access.js';
import { articles } from './articles.resource.js';

/**
 * A controller of your own: the articles no editor has left a note on. It reads the client's query
 * with `@FacetQuery()` and the caller with `@FacetRead()`, as the resource's routes do, and narrows
 * by `draftNote`, a field anonymous callers can neither see nor name. The server's where is ANDed
 * with the client's and with the access rule, never in place of either.
 */
@Controller('finished-articles')
export class FinishedArticlesController {
  constructor(@InjectResource(articles) private readonly resource: ResourceOf<typeof articles>) {}

  @Get()
  list(@FacetQuery() query: QueryDTO, @FacetRead() read: ReadContext<Role>) {
    return this.resource.query(query, read, { where: { draftNote: null } });
  }
}
