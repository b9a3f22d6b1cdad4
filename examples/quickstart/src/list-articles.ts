import { createApiClient, useModuleApi } from '@facet/client';

/** What the API shows of an article. */
export interface Article {
  id: number;
  title: string;
  body: string;
  published: boolean;
  createdAt: string;
  draftNote?: string | null;
  /** The next article of its series, when asked for; `null` when the caller may not read it. */
  next?: Article | null;
}

/** The first page of published articles, newest first, with two fields each. */
export async function listArticles(origin: string) {
  const api = createApiClient({ origin });
  const articles = useModuleApi<Article>(api, 'articles');
  return articles.query({
    where: { published: true },
    orderBy: { createdAt: 'desc' },
    fields: 'id,title',
    perPage: 10,
  });
}
