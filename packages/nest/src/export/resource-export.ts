import { Readable } from 'node:stream';
import type { ExportFormat } from '../read/check/check-export.js';
import { csvEncoder } from './encode-csv.js';
import { ndjsonRows } from './encode-ndjson.js';

/** The media type of each export format. */
export const EXPORT_CONTENT_TYPES: Readonly<Record<ExportFormat, string>> = {
  csv: 'text/csv; charset=utf-8',
  ndjson: 'application/x-ndjson',
};

/**
 * How many bytes of encoded rows the stream holds before it stops reading: with one batch read
 * ahead of it, what an export holds at once is bounded by the batch size, whatever the row count.
 */
const HIGH_WATER_MARK = 64 * 1024;

/**
 * A checked, counted export whose rows are read as they are consumed (`Resource#export`): iterate
 * it for the items (each projected like a list item), or `toStream()` for the encoded body. Either
 * may be consumed once. Ending the iteration early (`break`, an error, the stream destroyed when a
 * client goes away) stops the database walk and closes its snapshot; so does `close()`.
 */
export class ResourceExport<TItem> implements AsyncIterable<TItem> {
  /** `csv` or `ndjson`, as the query asked. */
  readonly format: ExportFormat;
  /** The CSV header's field paths (`author.name`); `undefined` for NDJSON. */
  readonly columns: readonly string[] | undefined;
  /** The rows the export reads, counted before the first one (at most the resource's `maxRows`). */
  readonly rowCount: number;
  /** `text/csv; charset=utf-8` or `application/x-ndjson`. */
  readonly contentType: string;
  /** `<resource>.csv` or `<resource>.ndjson`, for `Content-Disposition`. */
  readonly fileName: string;
  private consumed = false;

  /** @internal */
  constructor(
    resource: string,
    // Spelt out rather than named: the walk is internal (read/read-export.ts's ExportWalk).
    private readonly walk: {
      readonly format: ExportFormat;
      readonly columns: readonly string[] | undefined;
      readonly rowCount: number;
      readonly batches: AsyncGenerator<object[], void, undefined>;
      close(): Promise<void>;
    },
  ) {
    this.format = walk.format;
    this.columns = walk.columns;
    this.rowCount = walk.rowCount;
    this.contentType = EXPORT_CONTENT_TYPES[walk.format];
    this.fileName = `${resource}.${walk.format}`;
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<TItem, void, undefined> {
    for await (const batch of this.take()) yield* batch as TItem[];
  }

  /**
   * The encoded body as a byte stream: CSV (header row first) or NDJSON, UTF-8. It reads a batch
   * only when its buffer has room, so a slow client slows the walk rather than filling memory;
   * destroying it (Nest does when the response closes early) ends the walk.
   */
  toStream(): Readable {
    const batches = this.take();
    const { columns } = this;
    async function* text(): AsyncGenerator<string, void, undefined> {
      const csv = columns === undefined ? undefined : csvEncoder(columns);
      if (csv !== undefined) yield csv.header;
      for await (const batch of batches) yield csv === undefined ? ndjsonRows(batch) : csv.rows(batch);
    }
    return new ExportReadable(text(), () => this.walk.close());
  }

  /** Stops the walk and closes its snapshot without reading further (also when never consumed). */
  close(): Promise<void> {
    this.consumed = true;
    return this.walk.close();
  }

  private take(): AsyncGenerator<object[], void, undefined> {
    if (this.consumed)
      throw new TypeError('An export can be consumed once: iterate it or stream it, not both.');
    this.consumed = true;
    return this.walk.batches as AsyncGenerator<object[], void, undefined>;
  }
}

/**
 * The encoded chunks as a byte stream that reads the next chunk only when its buffer has room.
 * Destroyed (the client went away), it stops the walk at once, also while a batch is being read,
 * so that no batch is started after; `Readable.from` would only learn it after that batch.
 */
class ExportReadable extends Readable {
  private reading = false;

  constructor(
    private readonly chunks: AsyncGenerator<string, void, undefined>,
    private readonly stop: () => Promise<void>,
  ) {
    super({ highWaterMark: HIGH_WATER_MARK });
  }

  override _read(): void {
    if (this.reading) return;
    this.reading = true;
    void this.pump();
  }

  private async pump(): Promise<void> {
    try {
      for (;;) {
        const { value, done } = await this.chunks.next();
        if (this.destroyed) return;
        if (done) {
          this.push(null);
          return;
        }
        if (!this.push(value)) return;
      }
    } catch (error) {
      this.destroy(error as Error);
    } finally {
      this.reading = false;
    }
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    this.stop().then(
      () => callback(error),
      (failure: unknown) => callback(error ?? (failure as Error)),
    );
  }
}
