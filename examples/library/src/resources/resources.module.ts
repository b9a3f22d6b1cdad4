import { Module } from '@nestjs/common';
import { AuthorsController } from './authors.controller.js';
import { BooksController } from './books.controller.js';
import { QueryServices } from './query-services.js';
import { ReviewsController } from './reviews.controller.js';

@Module({
  controllers: [BooksController, AuthorsController, ReviewsController],
  providers: [QueryServices],
})
export class ResourcesModule {}
