import { DetailQueryDTO, FacetQuery, ResourceController } from '@facet/nest';
import { ApiFacetQuery, ApiResourceRoutes } from '@facet/nest/swagger';
import { Controller, Get, Param, Req } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { canGuard } from '../auth/index.js';
import { BookDto } from '../dto/index.js';
import { books } from './library.resources.js';

/**
 * The books routes: the resource's seven (`ResourceController`), its writes (`books`' `writes`,
 * checked by the resource: body, ability conditions, references) behind permission guards that
 * answer 403 before a body is read, plus the natural-key and summary routes. Like every
 * route of a `ResourceController`, these refuse a query parameter they do not declare: `isbn/:isbn`
 * declares its query by its DTO, and `stats/summary` takes none.
 */
@ApiTags('books')
@ApiResourceRoutes(BookDto)
@Controller('books')
export class BooksController extends ResourceController(books, {
  writes: {
    create: { guards: [canGuard('create', 'Book')] },
    update: { guards: [canGuard('update', 'Book')] },
    delete: { guards: [canGuard('delete', 'Book')] },
  },
}) {
  @Get('isbn/:isbn')
  @ApiOperation({ summary: 'One book by its ISBN; 404 also when the caller may not read it' })
  @ApiFacetQuery({ paging: false, fields: 'detail', dto: BookDto })
  async byIsbn(
    @Param('isbn') isbn: string,
    @FacetQuery(DetailQueryDTO) query: DetailQueryDTO,
    @Req() request: unknown,
  ) {
    return this.resource.findOne({ isbn }, query, await this.readContext(request));
  }

  @Get('stats/summary')
  @ApiOperation({ summary: 'Aggregates over the books the caller may read' })
  @ApiOkResponse({
    description: '`{ aggregate: { _count, _min, _max, _avg }, accessibleCount }`; Decimals are exact strings',
  })
  async summary(@Req() request: unknown) {
    const read = await this.readContext(request);
    const [aggregate, accessibleCount] = await Promise.all([
      this.resource.aggregate(
        {
          _count: { _all: true },
          _min: { price: true, publishedAt: true },
          _max: { price: true, publishedAt: true },
          _avg: { price: true },
        },
        read,
      ),
      this.resource.count({}, read),
    ]);
    return { aggregate, accessibleCount };
  }
}
