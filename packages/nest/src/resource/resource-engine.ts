import { FacetConfigurationError } from '../errors/facet-configuration.error.js';
import {
  type ReadEngineName,
  type SqlReadEngine,
  type SqlReadRouting,
  withSqlReads,
} from '../read/execute/sql-reads.js';
import type { ReadModel } from '../read/read-model.js';

const ENGINES: readonly ReadEngineName[] = ['sql', 'prisma'];

/**
 * The engine a resource's reads run on: its own `engine`, else the module's, else Prisma's. With
 * `'sql'`, list pages and counts go through the module's `sql` engine where it covers them (the
 * rest stays on Prisma); a resource that asks for it without one is refused at start-up. With
 * `readRouting` the compiled reads go where the router sends Prisma's. Only the module client's
 * delegate gets them: a transaction's delegates (writes, snapshot exports) read through Prisma, on
 * the transaction's connection.
 * @throws {FacetConfigurationError}
 */
export function withReadEngine(
  resource: string,
  model: ReadModel,
  own: ReadEngineName | undefined,
  environment: {
    readonly engine?: ReadEngineName | undefined;
    readonly sql?: SqlReadEngine | undefined;
    readonly readRouting?: SqlReadRouting | undefined;
  },
): ReadModel {
  const engine = own ?? environment.engine ?? 'prisma';
  if (!ENGINES.includes(engine)) {
    throw new FacetConfigurationError(
      `Resource ${resource}: \`engine\` must be 'sql' or 'prisma', got ${String(engine)}.`,
    );
  }
  if (engine === 'prisma') return model;
  if (environment.sql === undefined) {
    throw new FacetConfigurationError(
      `Resource ${resource} reads with engine 'sql', but no SQL engine is configured: ` +
        'FacetModule.forRoot({ sql: sqlReads({ pool }) }) from @facet/nest/sql.',
    );
  }
  const reads = environment.sql.forModel(model.delegate, environment.readRouting);
  return reads === undefined ? model : { ...model, delegate: withSqlReads(model.delegate, reads) };
}
