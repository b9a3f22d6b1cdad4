import { DetailQueryDTO, FacetQuery, ResourceController } from '@facet/nest';
import { ApiFacetQuery, ApiResourceRoutes } from '@facet/nest/swagger';
import { Controller, Get, Param, Req } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { BookDto } from '../dto/index.js';
import { books } from './library.resources.js';

/** The resource's reads and writes (each checked by the resource), an ISBN lookup and a summary. */
@ApiTags('books')
@ApiResourceRoutes(books)
@Controller('books')
export class BooksController extends ResourceController(books, { writes: true }) {
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
