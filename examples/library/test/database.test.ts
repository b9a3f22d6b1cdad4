// The database layer on its own: the committed DDL matches the schema, the seed loads the fixture
// verbatim, a persisted PGlite directory is reused (warm start), and ids continue after the fixture's.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadFixture, openDatabase } from '../src/database/index.js';
import { packagePath } from '../src/database/paths.js';

const fixture = loadFixture();
const SHARED_FIXTURE = packagePath('../../../shared/fixtures/library.json');
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('database', () => {
  it('the committed DDL is what the schema generates (run `npm run ddl` after a schema change)', () => {
    // Throws (exit code 1) when prisma/postgres.sql differs from a fresh generation.
    const out = execFileSync(process.execPath, [packagePath('scripts/generate-ddl.mjs'), '--check'], {
      encoding: 'utf8',
    });
    expect(out).toContain('up to date');
  });

  // shared/ sits beside the checkout on the development machine and in CI, not in every clone.
  it.skipIf(!existsSync(SHARED_FIXTURE))('the seed fixture is the shared fixture, byte for byte', () => {
    expect(readFileSync(packagePath('prisma/seed/library.json'), 'utf8')).toBe(
      readFileSync(SHARED_FIXTURE, 'utf8'),
    );
  });

  it('seeds a new PGlite directory once, reuses it on the next start, and continues ids after the fixture', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'facet-library-'));
    dirs.push(dir);

    const first = await openDatabase({ pgliteDir: dir });
    expect({ created: first.created, seeded: first.seeded }).toEqual({ created: true, seeded: true });
    expect(await first.prisma.book.count()).toBe(fixture.books.length);
    const book = fixture.books[0]!;
    const stored = await first.prisma.book.findUniqueOrThrow({ where: { id: book.id } });
    expect({
      ...stored,
      price: stored.price.toFixed(2),
      publishedAt: stored.publishedAt?.toISOString() ?? null,
    }).toEqual(book);
    const maxAuthorId = Math.max(...fixture.authors.map((a) => a.id));
    const created = await first.prisma.author.create({
      data: { name: 'New Author', email: 'new@example.test', country: 'NL', bornYear: 1990 },
    });
    expect(created.id).toBe(maxAuthorId + 1);
    await first.close();

    const second = await openDatabase({ pgliteDir: dir });
    expect({ created: second.created, seeded: second.seeded }).toEqual({ created: false, seeded: false });
    expect(await second.prisma.author.count()).toBe(fixture.authors.length + 1);
    expect(await second.prisma.review.count()).toBe(fixture.reviews.length);
    await second.close();
  }, 30_000);

  it('refuses a DATABASE_URL that is not PostgreSQL', async () => {
    await expect(openDatabase({ url: 'mysql://root@localhost/x' })).rejects.toThrow(/postgresql:\/\//);
  });
});
