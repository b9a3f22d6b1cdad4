import { ResourceQuery } from '@facet/nest';
import { Controller } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { AppAbility } from '../auth/index.js';
import { ReviewDto, staffOnly, toReviewDto } from '../dto/index.js';
import type { Review } from '../generated/prisma/client.js';
import { QueryServices } from './query-services.js';
import { ReadController } from './read.controller.js';

@ApiTags('reviews')
@Controller('reviews')
export class ReviewsController extends ReadController<Review, ReviewDto> {
  protected readonly dto = ReviewDto;
  protected readonly counter;
  protected readonly resource;

  constructor(services: QueryServices) {
    super();
    this.counter = services.reviews;
    this.resource = new ResourceQuery<Review, ReviewDto, AppAbility>({
      service: services.reviews,
      dto: ReviewDto,
      map: (model, { context }) => toReviewDto(model, { staff: staffOnly(context) }),
    });
  }
}
