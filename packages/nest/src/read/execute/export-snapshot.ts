/** What a client must offer for a snapshot: Prisma's interactive transactions. */
interface TransactionClient {
  $transaction<T>(
    body: (tx: RawClient) => Promise<T>,
    options: {
      readonly isolationLevel: 'RepeatableRead';
      readonly timeout: number;
      readonly maxWait: number;
    },
  ): Promise<T>;
}

interface RawClient {
  $executeRawUnsafe(sql: string): Promise<unknown>;
}

/** Where an export's batches read, and how to let it go. */
export interface ExportSession {
  /** The Prisma client of the batches: a snapshot's transaction client, or the application's. */
  readonly client: unknown;
  /** Ends the snapshot (its transaction commits: it wrote nothing); safe to call twice. */
  close(): Promise<void>;
}

/** The application's client as it is: each batch sees the rows committed when it runs. */
export function sessionWithoutSnapshot(client: unknown): ExportSession {
  return { client, close: async () => undefined };
}

/**
 * One PostgreSQL snapshot for a whole export: an interactive transaction, `REPEATABLE READ` and
 * `READ ONLY`, held open while the batches are read and closed when the walk ends, however it
 * ends. Every batch and the count before them see the same rows. `timeout` is Prisma's: past it the
 * transaction is rolled back and the next batch fails, which ends the response early.
 */
export function openExportSnapshot(
  client: unknown,
  timeout: number,
  maxWait: number,
): Promise<ExportSession> {
  return new Promise<ExportSession>((resolve, reject) => {
    let release: () => void = () => undefined;
    const released = new Promise<void>((done) => {
      release = done;
    });
    let opened = false;
    const transaction = (client as TransactionClient).$transaction(
      async (tx) => {
        // Before any query of the transaction, as PostgreSQL requires.
        await tx.$executeRawUnsafe('SET TRANSACTION READ ONLY');
        opened = true;
        resolve({
          client: tx,
          close: async () => {
            release();
            await transaction.catch(() => undefined);
          },
        });
        await released;
      },
      { isolationLevel: 'RepeatableRead', timeout, maxWait },
    );
    transaction.catch((error: unknown) => {
      if (!opened) reject(error);
    });
  });
}
