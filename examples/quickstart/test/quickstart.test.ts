// The quickstart as the guide builds it, over real HTTP on PGlite: the list route with `fields`,
// the access rule (drafts and the editor-only field hidden from anonymous callers, and a 400 for
// asking, worded alike in `fields` and `where`), a to-one relation the caller may not read arriving
// as null, a controller of its own (@FacetRead, a server-side where on the hidden field), OpenAPI
// from @Field alone per role, and the client calls: the guide's, another base path, an autocomplete.
import { createApiClient, createAutocompleteStore, useModuleApi } from '@facet/client';
import { useFacetHttp } from '@facet/nest';
import { listenApp } from '@facet/test-support/net';
import type { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../src/app.js';
import { AppModule } from '../src/app.module.js';
import { type Article, listArticles } from '../src/list-articles.js';
import { serveOpenApi } from '../src/openapi.js';
import { PrismaService } from '../src/prisma/prisma.service.js';

let app: INestApplication;
let origin: string;

const get = async (path: string, token?: string) => {
  const response = await fetch(`${origin}${path.startsWith('/api/') ? '' : '/api/v1'}${path}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};
const items = (body: Record<string, unknown>) => body.items as Record<string, unknown>[];

beforeAll(async () => {
  app = await createApp();
  serveOpenApi(app);
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
    const { body } = await get(
      '/articles?fields=title,draftNote&where.published=false&orderBy.id=asc',
      'editor-secret',
    );
    expect(body.items).toEqual([
      { title: 'Next week', draftNote: 'Check the dates.' },
      { title: 'Untitled', draftNote: null },
    ]);
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

  it('words the refusal of a hidden field alike in fields and in where, and as for a misspelt one', async () => {
    const refusal = async (path: string) => {
      const { status, body } = await get(path);
      const issues = body.issues as { code: string; message: string }[];
      return { status, code: body.code, issues: issues.map(({ code, message }) => ({ code, message })) };
    };
    const fields = await refusal('/articles?fields=title,draftNote');
    expect(fields).toEqual({
      status: 400,
      code: 'unknown_key',
      issues: [{ code: 'unknown_key', message: 'field is not available' }],
    });
    expect(await refusal('/articles?where.draftNote.contains=dates')).toEqual(fields);
    expect(await refusal('/articles?orderBy.draftNote=asc')).toEqual(fields);
    expect(await refusal('/articles?fields=title,draftNot')).toEqual(fields);
    // The body differs only by where the name stood.
    const { body: inFields } = await get('/articles?fields=title,draftNote');
    const { body: inWhere } = await get('/articles?where.draftNote=dates');
    expect(inFields.message).toBe('field is not available at fields.draftNote');
    expect(inWhere.message).toBe('field is not available at where.draftNote');
  });

  it('hides a draft on the detail route and in counts', async () => {
    const [draft] = await app.get(PrismaService).article.findMany({ where: { published: false } });
    expect((await get(`/articles/${draft?.id}`)).status).toBe(404);
    expect((await get(`/articles/${draft?.id}?fields=title`, 'editor-secret')).body).toEqual({
      title: draft?.title,
    });
    expect((await get('/articles/count')).body).toBe(2);
    expect((await get('/articles/count', 'editor-secret')).body).toBe(4);
  });

  it('sends a to-one relation the caller may not read as null', async () => {
    const path = '/articles?fields=id,next{title}&orderBy.id=asc';
    expect(items((await get(path)).body)).toEqual([
      { id: 1, next: { title: 'Access rules' } },
      { id: 2, next: null }, // the next article is a draft
    ]);
    expect(items((await get(path, 'editor-secret')).body).slice(0, 3)).toEqual([
      { id: 1, next: { title: 'Access rules' } },
      { id: 2, next: { title: 'Next week' } },
      { id: 3, next: null }, // the last of its series
    ]);
    // Filtering through the relation cannot reach the draft either.
    expect(items((await get('/articles?fields=id&where.next.title=Next week')).body)).toEqual([]);
  });

  it('narrows a controller of its own by the caller (@FacetRead) and a where of the server’s own', async () => {
    const finished = '/finished-articles?fields=title&orderBy.id=asc';
    // Articles without an editor's note; anonymous callers still see published ones only.
    expect(items((await get(finished)).body)).toEqual([{ title: 'Hello, Facet' }]);
    expect(items((await get(finished, 'editor-secret')).body)).toEqual([
      { title: 'Hello, Facet' },
      { title: 'Untitled' },
    ]);
    // The client's where is ANDed with the server's: it narrows further, never widens.
    expect(items((await get(`${finished}&where.published=false`)).body)).toEqual([]);
    expect(items((await get(`${finished}&where.title=Access rules`, 'editor-secret')).body)).toEqual([]);
    // The server may filter by draftNote; an anonymous client may not name it.
    const named = await get('/finished-articles?where.draftNote=x');
    expect(named.status).toBe(400);
    expect(named.body.code).toBe('unknown_key');
  });

  it('writes OpenAPI response schemas from @Field alone, one document per role', async () => {
    const schema = async (token?: string) => {
      const { body } = await get('/api/docs-json', token);
      return (body.components as { schemas: Record<string, { properties: object }> }).schemas.ArticleDto
        ?.properties;
    };
    expect(await schema()).toEqual({
      id: { type: 'integer' },
      title: { type: 'string' },
      body: { type: 'string' },
      published: { type: 'boolean' },
      createdAt: { type: 'string', format: 'date-time' },
      next: { allOf: [{ $ref: '#/components/schemas/ArticleDto' }], nullable: true },
    });
    expect(await schema('editor-secret')).toHaveProperty('draftNote');
  });

  it('answers the client call of the guide', async () => {
    const page = await listArticles(origin);
    expect(page.items.map((item) => item.title).sort()).toEqual(['Access rules', 'Hello, Facet']);
    expect(Object.keys(page.items[0] ?? {})).toEqual(['id', 'title']);
  });

  it('gives the autocomplete one value in single mode, and a list with multiple', async () => {
    const resource = useModuleApi<Article>(createApiClient({ origin }), 'articles');
    for (const multiple of [false, true]) {
      const store = createAutocompleteStore({ resource, searchFields: ['title'], multiple });
      const unsubscribe = store.subscribe(() => {});
      try {
        store.setValue([1]);
        await expect
          .poll(() => store.getState().selected.map((article) => article.title), { timeout: 10_000 })
          .toEqual(['Hello, Facet']);
        expect(store.getState().value).toEqual(multiple ? [1] : 1);
      } finally {
        unsubscribe();
        store.destroy();
      }
    }
  });
});

describe('an app served under another prefix', () => {
  let other: INestApplication;
  let otherOrigin: string;
  beforeAll(async () => {
    other = await NestFactory.create(AppModule, { logger: ['error', 'warn'] });
    other.setGlobalPrefix('content');
    useFacetHttp(other);
    otherOrigin = await listenApp(other);
  }, 60_000);
  afterAll(async () => {
    await other?.close();
  });

  it('is reached by a client given its basePath', async () => {
    const api = createApiClient({ origin: otherOrigin, basePath: '/content' });
    const page = await useModuleApi<Article>(api, 'articles').query({
      fields: 'title',
      orderBy: { id: 'asc' },
    });
    expect(page.items).toEqual([{ title: 'Hello, Facet' }, { title: 'Access rules' }]);
    // The default base, /api/v1, is not where this app lives.
    const missed = await fetch(`${otherOrigin}/api/v1/articles`);
    expect(missed.status).toBe(404);
  });
});
