import { ResourceController } from '@facet/nest';
import { ApiResourceRoutes } from '@facet/nest/swagger';
import { Controller } from '@nestjs/common';
import { ArticleDto } from './article.dto.js';
import { articles } from './articles.resource.js';

// GET /articles, /articles/search, /articles/count, /articles/:id and /articles/find-by-id/:id;
// @ApiResourceRoutes documents them (optional: it needs @nestjs/swagger, see src/openapi.ts).
@ApiResourceRoutes(ArticleDto)
@Controller('articles')
export class ArticlesController extends ResourceController(articles) {}
