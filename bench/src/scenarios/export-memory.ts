// One export in a process of its own, forked by the export scenario with V8 flags of its choice
// (`--max-old-space-size`, `--max-semi-space-size`), so that what the export's memory does is
// measured apart from the bench process's own heap. Prints one JSON line (`ExportMemory`).
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { pathToFileURL } from 'node:url';
import { defineResource, Resource } from '@facet/nest';
import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import { PrismaClient } from '../generated/plain/client.js';
import { BookDto } from '../support/dtos.js';

/** What one forked export reports, in bytes and milliseconds. */
export interface ExportMemory {
  readonly rows: number;
  readonly bytes: number;
  readonly ms: number;
  /** Peak RSS during the export over the RSS right before it (after a warm-up and a full GC). */
  readonly rssGrowth: number;
  /** Peak V8 heap in use during the export over the heap in use right before it. */
  readonly heapGrowth: number;
  /** Heap in use after the export and a full GC, over the heap in use right before it: what it kept. */
  readonly retained: number;
}

export const EXPORT_COLUMNS = ['id', 'isbn', 'title', 'price', 'pages', 'genre', 'published'] as const;

/** Every book with `id <= rows` as CSV into a stream that counts and drops the bytes. */
export async function exportBooks(
  books: Resource<PrismaClient['book'], BookDto>,
  rows: number,
  all: boolean,
): Promise<{ rows: number; bytes: number }> {
  let bytes = 0;
  const out = new Writable({
    write(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      done();
    },
  });
  const exported = await books.export(
    {
      format: 'csv',
      fields: EXPORT_COLUMNS.join(','),
      orderBy: [{ id: 'asc' }],
      ...(all ? {} : { where: { id: { lte: rows } } }),
    },
    { trusted: true },
  );
  await pipeline(exported.toStream(), out);
  return { rows: exported.rowCount, bytes };
}

async function main(url: string, rows: number, all: boolean): Promise<ExportMemory> {
  const gc = globalThis.gc;
  if (gc === undefined) throw new Error('bench: export-memory needs --expose-gc');
  const pool = new pg.Pool({ connectionString: url, max: 4 });
  const prisma = new PrismaClient({ adapter: new PrismaPg(pool) });
  try {
    const books = new Resource(
      defineResource({
        name: 'books',
        delegate: (client: PrismaClient) => client.book,
        dto: BookDto,
        export: { maxRows: Math.max(rows, 2000) },
      }),
      { client: prisma },
    );
    // A warm-up: modules loaded, code compiled, the pool's connections open.
    await exportBooks(books, 2000, false);
    gc();
    gc();
    const rssBefore = process.memoryUsage.rss();
    const heapBefore = process.memoryUsage().heapUsed;
    let rssPeak = rssBefore;
    let heapPeak = heapBefore;
    const timer = setInterval(() => {
      rssPeak = Math.max(rssPeak, process.memoryUsage.rss());
      heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed);
    }, 10);
    const started = process.hrtime.bigint();
    let done: { rows: number; bytes: number };
    try {
      done = await exportBooks(books, rows, all);
    } finally {
      clearInterval(timer);
    }
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    rssPeak = Math.max(rssPeak, process.memoryUsage.rss());
    gc();
    gc();
    const retained = process.memoryUsage().heapUsed - heapBefore;
    return {
      rows: done.rows,
      bytes: done.bytes,
      ms,
      rssGrowth: rssPeak - rssBefore,
      heapGrowth: heapPeak - heapBefore,
      retained,
    };
  } finally {
    await prisma.$disconnect();
    await pool.end().catch(() => {});
  }
}

// Run only as the forked process's entry point, not when the scenario imports the types.
const [url, rows, all] = process.argv.slice(2);
if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  if (url === undefined || rows === undefined) throw new Error('bench: export-memory <url> <rows> [all]');
  const result = await main(url, Number(rows), all === 'all');
  process.stdout.write(`${JSON.stringify(result)}\n`);
}
