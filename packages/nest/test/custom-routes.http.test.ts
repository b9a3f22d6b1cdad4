// Routes of your own beside a resource's, over real HTTP (Express and Fastify) on Prisma over
// PGlite: `@FacetRead()` gives a plain controller the caller's ReadContext from the module's
// `readContext`, `@FacetQuery()` the client's checked query, and `resource.query(query, read,
// { where })` narrows by a filter of the server's own, which may use a field the caller cannot see
// and is ANDed with the client's where and the access filter, never in place of either.
import 'reflect-metadata';
import { listenApp } from '@facet/test-support/net';
import { Controller, Get, type INestApplication, Module, Param } from '@nestjs/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  defineResource,
  FacetModule,
  FacetQuery,
  FacetRead,
  InjectResource,
  QueryDTO,
  type ReadContext,
  type ResourceOf,
} from '../src/index.js';
import type { PrismaClient } from './generated/postgresql/client.js';
import { createFacetApp, type FacetPlatform } from './support/facet-app.js';
import { PolicyBookDto } from './support/policy-dtos.js';
import { type SeededLibrary, seedLibrary } from './support/seed.js';
import { openTarget, type TestTarget } from './support/targets.js';

type Role = 'reader' | 'admin';
const books = defineResource({ name: 'books', delegate: (p: PrismaClient) => p.book, dto: PolicyBookDto });
const accessibleWhere = (role: Role, subject: string): object =>
  role === 'reader' && subject === 'Book' ? { published: true } : {};
const readCaller = (request: unknown): ReadContext<Role> => {
  const header = (request as { headers: Record<string, string | undefined> }).headers['x-role'];
  const role: Role = header === 'admin' ? 'admin' : 'reader';
  return { ability: role, context: { role } };
};

@Controller('authors/:authorId/books')
class AuthorBooksController {
  constructor(@InjectResource(books) private readonly resource: ResourceOf<typeof books>) {}

  @Get()
  list(
    @Param('authorId') authorId: string,
    @FacetQuery() query: QueryDTO,
    @FacetRead() read: ReadContext<Role>,
  ) {
    return this.resource.query(query, read, { where: { authorId: Number(authorId) } });
  }

  // `internalNote` is hidden from readers: the server may still narrow by it.
  @Get('noted')
  noted(
    @Param('authorId') authorId: string,
    @FacetQuery() query: QueryDTO,
    @FacetRead() read: ReadContext<Role>,
  ) {
    return this.resource.query(query, read, {
      where: { authorId: Number(authorId), internalNote: { not: null } },
    });
  }

  @Get('caller')
  caller(@FacetRead() read: ReadContext<Role>) {
    return read;
  }
}

function appModule(withCaller: boolean) {
  @Module({
    imports: [
      FacetModule.forRootAsync({
        useFactory: () => ({
          prisma: target.prisma,
          accessibleWhere,
          ...(withCaller ? { readContext: readCaller } : {}),
        }),
      }),
      FacetModule.forFeature([books]),
    ],
    controllers: [AuthorBooksController],
  })
  class AppModule {}
  return AppModule;
}

let target: TestTarget;
let mine: SeededLibrary;
let other: SeededLibrary;
const running: INestApplication[] = [];
const origins = new Map<string, string>();

async function start(platform: FacetPlatform, withCaller: boolean): Promise<string> {
  const app = await createFacetApp(appModule(withCaller), platform);
  running.push(app);
  return listenApp(app);
}

beforeAll(async () => {
  target = await openTarget('pglite');
  mine = await seedLibrary(target.prisma);
  other = await seedLibrary(target.prisma);
  // Alpha (published) and Beta (a draft) carry a staff note; Gamma none.
  const [alpha, beta] = mine.bookIds;
  await target.prisma.book.updateMany({
    where: { id: { in: [alpha, beta] } },
    data: { internalNote: 'staff' },
  });
  for (const platform of ['express', 'fastify'] as const) {
    origins.set(platform, await start(platform, true));
    origins.set(`${platform}-no-caller`, await start(platform, false));
  }
}, 60_000);
afterAll(async () => {
  for (const app of running) await app.close();
  await target?.close();
});

describe.each(['express', 'fastify'] as const)('a route of your own on %s', (platform) => {
  const get = async (path: string, role?: Role, key: string = platform) => {
    const response = await fetch(`${origins.get(key)}${path}`, { headers: role ? { 'x-role': role } : {} });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  const titles = (body: Record<string, unknown>) =>
    (body.items as { title: string }[]).map((item) => item.title).sort();
  const base = () => `/authors/${mine.authorId}/books`;

  it('reads the caller with the module’s readContext', async () => {
    expect((await get(`${base()}/caller`, 'admin')).body).toEqual({
      ability: 'admin',
      context: { role: 'admin' },
    });
    expect((await get(`${base()}/caller`)).body).toEqual({ ability: 'reader', context: { role: 'reader' } });
  });

  it('ANDs the server’s where with the access filter', async () => {
    expect(titles((await get(`${base()}?fields=title`)).body)).toEqual(['Alpha', 'Gamma']);
    expect(titles((await get(`${base()}?fields=title`, 'admin')).body)).toEqual(['Alpha', 'Beta', 'Gamma']);
    const others = await get(`/authors/${other.authorId}/books?fields=authorId`, 'admin');
    expect(
      (others.body.items as { authorId: number }[]).every((item) => item.authorId === other.authorId),
    ).toBe(true);
  });

  it('ANDs it with the client’s where: a client where cannot replace it', async () => {
    expect(titles((await get(`${base()}?fields=title&where.title=Gamma`)).body)).toEqual(['Gamma']);
    // Asking for the other author's books through this author's route finds none.
    const escaped = await get(`${base()}?fields=title&where.authorId=${other.authorId}`, 'admin');
    expect(escaped.body.items).toEqual([]);
    const widened = await get(
      `${base()}?fields=title&where=${encodeURIComponent(JSON.stringify({ OR: [{ authorId: other.authorId }, { id: { gt: 0 } }] }))}`,
      'admin',
    );
    expect(titles(widened.body)).toEqual(['Alpha', 'Beta', 'Gamma']);
  });

  it('may narrow by a field the caller cannot see, which the caller still cannot name', async () => {
    expect(titles((await get(`${base()}/noted?fields=title`)).body)).toEqual(['Alpha']);
    expect(titles((await get(`${base()}/noted?fields=title`, 'admin')).body)).toEqual(['Alpha', 'Beta']);
    const named = await get(`${base()}/noted?fields=title&where.internalNote.not=x`);
    const misspelt = await get(`${base()}/noted?fields=title&where.internalNotes.not=x`);
    expect(named.status).toBe(400);
    // The same answer as for a misspelt name, the name aside.
    expect(JSON.stringify(named.body).replaceAll('internalNote', 'NAME')).toBe(
      JSON.stringify(misspelt.body).replaceAll('internalNotes', 'NAME'),
    );
  });

  it('refuses to read an access-controlled resource when the module cannot say who is calling', async () => {
    const response = await get(`${base()}?fields=title`, 'admin', `${platform}-no-caller`);
    expect(response.status).toBe(500);
    expect(response.body).not.toHaveProperty('items');
  });
});
