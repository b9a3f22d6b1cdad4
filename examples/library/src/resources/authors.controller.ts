import { ResourceQuery } from '@facet/nest';
import { Controller } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { AppAbility } from '../auth/index.js';
import { AuthorDto, staffOnly, toAuthorDto } from '../dto/index.js';
import type { Author } from '../generated/prisma/client.js';
import { QueryServices } from './query-services.js';
import { ReadController } from './read.controller.js';

@ApiTags('authors')
@Controller('authors')
export class AuthorsController extends ReadController<Author, AuthorDto> {
  protected readonly dto = AuthorDto;
  protected readonly counter;
  protected readonly resource;

  constructor(services: QueryServices) {
    super();
    this.counter = services.authors;
    this.resource = new ResourceQuery<Author, AuthorDto, AppAbility>({
      service: services.authors,
      dto: AuthorDto,
      map: (model, { context }) => toAuthorDto(model, { staff: staffOnly(context) }),
    });
  }
}
