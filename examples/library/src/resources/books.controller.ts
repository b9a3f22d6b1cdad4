import { DetailQueryDTO, FacetQuery, ResourceController } from '@facet/nest';
import { classifyError, parseId, toHttpException } from '@facet/nest/advanced';
import { ApiFacetQuery, ApiResourceRoutes } from '@facet/nest/swagger';
import {
  BadRequestException,
  ConflictException,
  Controller,
  Get,
  Inject,
  NotFoundException,
  Param,
  Req,
} from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { canGuard } from '../auth/index.js';
import { BookDto, CreateBookDto, toBookDto, UpdateBookDto } from '../dto/index.js';
import type { PrismaClient } from '../generated/prisma/client.js';
import { PRISMA } from '../prisma/prisma.token.js';
import { books } from './library.resources.js';

/**
 * The books routes: the resource's seven (`ResourceController`), with create, update and delete
 * handled here behind their permission guards, plus the natural-key and summary routes. Like every
 * route of a `ResourceController`, these refuse a query parameter they do not declare: `isbn/:isbn`
 * declares its query by its DTO, and `stats/summary` takes none.
 */
@ApiTags('books')
@ApiResourceRoutes(BookDto)
@Controller('books')
export class BooksController extends ResourceController(books, {
  mutations: {
    create: { body: CreateBookDto, guards: [canGuard('create', 'Book')] },
    update: { body: UpdateBookDto, guards: [canGuard('update', 'Book')] },
    delete: { guards: [canGuard('delete', 'Book')] },
  },
}) {
  constructor(@Inject(PRISMA) private readonly prisma: PrismaClient) {
    super();
  }

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

  createItem(body: CreateBookDto) {
    return this.write(() => this.prisma.book.create({ data: toData(body) }));
  }

  updateItem(id: string, body: UpdateBookDto) {
    return this.write(() => this.prisma.book.update({ where: { id: bookId(id) }, data: toData(body) }));
  }

  deleteItem(id: string) {
    return this.write(() => this.prisma.book.delete({ where: { id: bookId(id) } }));
  }

  /** Prisma's write errors as HTTP answers that name no table or constraint. */
  private async write(operation: () => Promise<Record<string, unknown>>): Promise<BookDto> {
    try {
      return toBookDto(await operation());
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      if (code === 'P2025') throw new NotFoundException('No such book.');
      if (code === 'P2002') throw new ConflictException('A book with this ISBN already exists.');
      if (code === 'P2003') throw new BadRequestException('authorId does not name an author.');
      throw toHttpException(error, classifyError(error));
    }
  }
}

function bookId(id: string): number {
  const key = parseId(id, 'int');
  if (typeof key !== 'number') throw new NotFoundException('No such book.');
  return key;
}

function toData<T extends Partial<CreateBookDto>>(body: T) {
  const { publishedAt, ...rest } = body;
  return {
    ...rest,
    ...(publishedAt === undefined
      ? {}
      : { publishedAt: publishedAt === null ? null : new Date(publishedAt) }),
  } as Omit<T, 'publishedAt'> & { publishedAt?: Date | null };
}
