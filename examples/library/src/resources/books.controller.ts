import { classifyError, DetailQueryDTO, FacetQuery, ResourceQuery, toHttpException } from '@facet/nest';
import { ApiFacetQuery } from '@facet/nest/swagger';
import {
  BadRequestException,
  Body,
  ConflictException,
  Controller,
  Delete,
  Get,
  HttpStatus,
  Inject,
  NotFoundException,
  Param,
  ParseIntPipe,
  Patch,
  Post,
} from '@nestjs/common';
import {
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiForbiddenResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import { type AppAbility, type Caller, Can, CurrentCaller } from '../auth/index.js';
import { BookDto, CreateBookDto, staffOnly, toBookDto, UpdateBookDto } from '../dto/index.js';
import type { Book, Prisma, PrismaClient } from '../generated/prisma/client.js';
import { PRISMA } from '../prisma/prisma.token.js';
import { QueryServices } from './query-services.js';
import { ReadController } from './read.controller.js';
import { bodyValidation, refusePrototypeKeys, strictValidation } from './validation.js';

const ID_PIPE = new ParseIntPipe({ errorHttpStatusCode: HttpStatus.NOT_FOUND });

@ApiTags('books')
@Controller('books')
export class BooksController extends ReadController<Book, BookDto> {
  protected readonly dto = BookDto;
  protected readonly counter;
  protected readonly resource;

  constructor(
    private readonly services: QueryServices,
    @Inject(PRISMA) private readonly prisma: PrismaClient,
  ) {
    super();
    this.counter = services.books;
    this.resource = new ResourceQuery<Book, BookDto, AppAbility>({
      service: services.books,
      dto: BookDto,
      map: (model, { context }) => toBookDto(model, { staff: staffOnly(context) }),
    });
  }

  @Get('isbn/:isbn')
  @ApiOperation({
    summary: 'One book by its ISBN (the natural unique key); 404 also when the caller may not read it',
  })
  @ApiFacetQuery({ paging: false, fields: 'detail' })
  byIsbn(
    @Param('isbn') isbn: string,
    @FacetQuery(strictValidation) query: DetailQueryDTO,
    @CurrentCaller() caller: Caller,
  ) {
    return this.resource.findOne(
      // A client where narrows the lookup (it is never dropped), so this is a find-first.
      ({ where, ...prepared }) =>
        this.services.books.findOne(
          {
            ...prepared,
            // The client's where was checked by ResourceQuery (checkQueryPolicy) against BookDto.
            where: where === undefined ? { isbn } : { AND: [{ isbn }, where as Prisma.BookWhereInput] },
          },
          caller.ability,
        ),
      query,
      { ability: caller.ability, context: { role: caller.role } },
    );
  }

  @Get('stats/summary')
  @ApiOperation({ summary: 'Aggregates over the books the caller may read' })
  @ApiOkResponse({
    description:
      '`{ aggregate: { _count: { _all }, _min: { price, publishedAt }, _max: { price, publishedAt }, ' +
      '_avg: { price } }, accessibleCount }`; Decimals are exact strings',
  })
  async summary(@CurrentCaller() caller: Caller) {
    const books = this.services.books;
    // aggregate takes no ability (docs/spec-conformance.md#46-access-filter-merge): it gets the same access filter the other reads merge.
    const where = this.services.bookAccess(caller.ability, 'Book');
    const [aggregate, accessibleCount] = await Promise.all([
      books.aggregate({
        where,
        _count: { _all: true },
        _min: { price: true, publishedAt: true },
        _max: { price: true, publishedAt: true },
        _avg: { price: true },
      }),
      books.count({}, caller.ability),
    ]);
    return { aggregate, accessibleCount };
  }

  @Post()
  @Can('create', 'Book')
  @ApiOperation({ summary: 'Create a book (editor, admin)' })
  @ApiCreatedResponse({ type: BookDto })
  @ApiConflictResponse({ description: 'The ISBN is taken' })
  @ApiForbiddenResponse({ description: 'The caller may not create books' })
  async create(@Body(refusePrototypeKeys, bodyValidation) body: CreateBookDto): Promise<BookDto> {
    const book = await this.write(() => this.prisma.book.create({ data: toData(body) }));
    return toBookDto(book, { staff: true });
  }

  @Patch(':id')
  @Can('update', 'Book')
  @ApiOperation({ summary: 'Update a book (editor, admin)' })
  @ApiOkResponse({ type: BookDto })
  @ApiForbiddenResponse({ description: 'The caller may not update books' })
  async update(
    @Param('id', ID_PIPE) id: number,
    @Body(refusePrototypeKeys, bodyValidation) body: UpdateBookDto,
  ): Promise<BookDto> {
    const book = await this.write(() => this.prisma.book.update({ where: { id }, data: toData(body) }));
    return toBookDto(book, { staff: true });
  }

  @Delete(':id')
  @Can('delete', 'Book')
  @ApiOperation({ summary: 'Delete a book and its reviews (admin)' })
  @ApiOkResponse({ type: BookDto, description: 'The deleted book' })
  @ApiForbiddenResponse({ description: 'The caller may not delete books' })
  async remove(@Param('id', ID_PIPE) id: number): Promise<BookDto> {
    const book = await this.write(() => this.prisma.book.delete({ where: { id } }));
    return toBookDto(book, { staff: true });
  }

  /** Prisma's write errors as HTTP answers that name no table or constraint. */
  private async write<T>(operation: () => Promise<T>): Promise<T> {
    try {
      return await operation();
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      if (code === 'P2025') throw new NotFoundException('No such book.');
      if (code === 'P2002') throw new ConflictException('A book with this ISBN already exists.');
      if (code === 'P2003') throw new BadRequestException('authorId does not name an author.');
      throw toHttpException(error, classifyError(error));
    }
  }
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
