// The quickstart as the guide builds it, over real HTTP on PGlite: the list route with `fields`,
// the access rule (drafts and the editor-only field hidden from anonymous callers, and a 400 for
// asking), and the client call of the guide's last step.
import { listenApp } from '@facet/test-support/net';
import type { INestApplication } from '@nestjs/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../src/app.js';
import { listArticles } from '../src/list-articles.js';
import { PrismaService } from '../src/prisma/prisma.service.js';

let app: INestApplication;
let origin: string;

const get = async (path: string, token?: string) => {
  const response = await fetch(`${origin}/api/v1${path}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};

beforeAll(async () => {
  app = await createApp();
  origin = await listenApp(app);
}, 60_000);
afterAll(async () => {
  await app?.close();
});

describe('the quickstart', () => {
  it('lists published articles to anonymous callers, projected by fields', async () => {
    const { status, body } = await get('/articles?fields=title&orderBy.title=asc');
    expect(status).toBe(200);
    expect(body.items).toEqual([{ title: 'Access rules' }, { title: 'Hello, Facet' }]);
    expect(body.meta).toMatchObject({ page: 1, itemCount: 2 });
  });

  it('shows editors the drafts and the editor-only field', async () => {
    const { body } = await get('/articles?fields=title,draftNote&where.published=false', 'editor-secret');
    expect(body.items).toEqual([{ title: 'Next week', draftNote: 'Check the dates.' }]);
  });

  it('refuses the editor-only field and unknown parameters to anonymous callers with a 400', async () => {
    for (const path of [
      '/articles?fields=title,draftNote',
      '/articles?where.draftNote.contains=dates',
      '/articles?orderBy.draftNote=asc',
      '/articles?distinct=title',
    ]) {
      const { status, body } = await get(path);
      expect(status, path).toBe(400);
      expect(body, path).toMatchObject({ statusCode: 400, error: 'Bad Request' });
      expect(typeof body.code, path).toBe('string');
      expect(typeof body.message, path).toBe('string');
    }
  });

  it('hides a draft on the detail route and in counts', async () => {
    const [draft] = await app.get(PrismaService).article.findMany({ where: { published: false } });
    expect((await get(`/articles/${draft?.id}`)).status).toBe(404);
    expect((await get(`/articles/${draft?.id}?fields=title`, 'editor-secret')).body).toEqual({
      title: 'Next week',
    });
    expect((await get('/articles/count')).body).toBe(2);
    expect((await get('/articles/count', 'editor-secret')).body).toBe(3);
  });

  it('answers the client call of the guide', async () => {
    const page = await listArticles(origin);
    expect(page.items.map((item) => item.title).sort()).toEqual(['Access rules', 'Hello, Facet']);
    expect(Object.keys(page.items[0] ?? {})).toEqual(['id', 'title']);
  });
});
