import {
  assertQueryPolicy,
  CountQueryDTO,
  DetailQueryDTO,
  type DtoClass,
  FacetQuery,
  type ModelTypes,
  QueryDTO,
  type ResourceQuery,
} from '@facet/nest';
import { ApiFacetErrors, ApiFacetQuery } from '@facet/nest/swagger';
import { Get, Param } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiUnauthorizedResponse } from '@nestjs/swagger';
import { type AppAbility, type Caller, CurrentCaller } from '../auth/index.js';
import { strictValidation } from './validation.js';

/** What a read route needs to count under the caller's access filter. */
export interface Counter {
  count(args: { where?: object }, ability?: AppAbility): Promise<number>;
  /** Operands of the client's where are checked against these types. */
  readonly modelTypes?: ModelTypes | undefined;
}

/**
 * The read routes every resource of the contract serves: search, list, count, find-by-id and
 * by id. A subclass names the resource (`@Controller('books')`) and supplies the pieces; Nest
 * registers a subclass's own routes first, so `isbn/:isbn` or `stats/summary` never meet `:id`.
 */
@ApiBearerAuth()
@ApiFacetErrors({ statuses: [400, 404, 500] })
@ApiUnauthorizedResponse({
  description: 'A token no user holds, or an Authorization header that is not Bearer',
})
export abstract class ReadController<TModel, TDto extends object> {
  protected abstract readonly resource: ResourceQuery<TModel, TDto, AppAbility>;
  protected abstract readonly counter: Counter;
  protected abstract readonly dto: DtoClass;

  @Get('search')
  @ApiOperation({ summary: 'A page of items: where, orderBy, include, page, perPage, fields' })
  @ApiFacetQuery()
  @ApiOkResponse({ description: '`{ items, meta }` (PaginatedDTO of mapped DTOs)' })
  search(@FacetQuery(strictValidation) query: QueryDTO, @CurrentCaller() caller: Caller) {
    return this.page(query, caller);
  }

  @Get()
  @ApiOperation({
    summary: 'A page of items, projected by `fields`',
    description:
      '`fields=id,title,author{name}` projects the items; `fields=items{id,title},meta{page,itemCount}` ' +
      'projects the envelope. Without itemCount or pageCount in the projection no count query runs.',
  })
  @ApiFacetQuery()
  list(@FacetQuery(strictValidation) query: QueryDTO, @CurrentCaller() caller: Caller) {
    return this.page(query, caller);
  }

  @Get('count')
  @ApiOperation({ summary: 'The number of matching items the caller may read (a plain number)' })
  @ApiFacetQuery({ paging: false, fields: false, relations: false })
  @ApiOkResponse({ schema: { type: 'integer', example: 167 } })
  count(
    @FacetQuery(strictValidation) query: CountQueryDTO,
    @CurrentCaller() caller: Caller,
  ): Promise<number> {
    // ResourceQuery checks the other routes; this one reads through the service directly. The
    // service scopes relation filters (`where.books.some…`) to readable related rows.
    const model = this.counter.modelTypes;
    assertQueryPolicy(query, this.dto, {
      context: { role: caller.role },
      ...(model === undefined ? {} : { model }),
    });
    return this.counter.count(query.where === undefined ? {} : { where: query.where }, caller.ability);
  }

  @Get('find-by-id/:id')
  @ApiOperation({ summary: 'One item by id (same as GET /:id); 404 also when the caller may not read it' })
  @ApiFacetQuery({ paging: false, fields: 'detail' })
  findById(
    @Param('id') id: string,
    @FacetQuery(strictValidation) query: DetailQueryDTO,
    @CurrentCaller() caller: Caller,
  ) {
    return this.detail(id, query, caller);
  }

  @Get(':id')
  @ApiOperation({
    summary: 'One item by id, projected by `fields`; 404 also when the caller may not read it',
  })
  @ApiFacetQuery({ paging: false, fields: 'detail' })
  get(
    @Param('id') id: string,
    @FacetQuery(strictValidation) query: DetailQueryDTO,
    @CurrentCaller() caller: Caller,
  ) {
    return this.detail(id, query, caller);
  }

  // ResourceQuery refuses fields the caller may not see, unknown operators and over-budget queries.
  protected page(query: QueryDTO, caller: Caller) {
    return this.resource.query(query, { ability: caller.ability, context: { role: caller.role } });
  }

  protected detail(id: string, query: DetailQueryDTO, caller: Caller) {
    return this.resource.findById(id, query, { ability: caller.ability, context: { role: caller.role } });
  }
}
