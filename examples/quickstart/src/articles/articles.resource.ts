import { defineResource } from '@facet/nest';
import type { PrismaClient } from '../generated/prisma/client.js';
import { ArticleDto } from './article.dto.js';

export const articles = defineResource({
  name: 'articles',
  delegate: (prisma: PrismaClient) => prisma.article,
  dto: ArticleDto,
});
