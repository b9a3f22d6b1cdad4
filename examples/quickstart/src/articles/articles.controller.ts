import { ResourceController } from '@facet/nest';
import { Controller } from '@nestjs/common';
import { articles } from './articles.resource.js';

// GET /articles, /articles/search, /articles/count, /articles/:id and /articles/find-by-id/:id
@Controller('articles')
export class ArticlesController extends ResourceController(articles) {}
