import { FacetModule, FacetRead, type ReadContext, ResourceController } from '@facet/nest';
import { createCaslAccessibleWhere } from '@facet/nest/casl';
import { ApiResourceRoutes } from '@facet/nest/swagger';
import { Body, Controller, Get, Module, Post } from '@nestjs/common';
import { readCaller } from './access';
import { BookDto, books, CreateBookDto } from './books';
import { PrismaService } from './prisma.service';

@ApiResourceRoutes(BookDto)
@Controller('books')
export class BooksController extends ResourceController(books) {
  constructor(private readonly prisma: PrismaService) {
    super();
  }

  /** A route of your own beside Facet's: the server's where ANDed with the client's and CASL's. */
  @Get('by-ann')
  byAnn(@FacetRead() read: ReadContext) {
    return this.resource.query({ fields: 'id,title' }, read, { where: { authorId: 1 } });
  }

  /** A write of the app's own, its body checked by the global ValidationPipe. */
  @Post()
  async create(@Body() body: CreateBookDto): Promise<Pick<BookDto, 'id' | 'title'>> {
    return this.prisma.book.create({ data: body, select: { id: true, title: true } });
  }
}

@Module({ providers: [PrismaService], exports: [PrismaService] })
export class PrismaModule {}

@Module({
  imports: [
    FacetModule.forRootAsync({
      imports: [PrismaModule],
      inject: [PrismaService],
      useFactory: (prisma: PrismaService) => ({
        prisma,
        accessibleWhere: createCaslAccessibleWhere(),
        readContext: readCaller,
      }),
    }),
    FacetModule.forFeature([books]),
    PrismaModule,
  ],
  controllers: [BooksController],
})
export class AppModule {}
