import type { DelegateArgs } from './check/read-call.js';

export type { DelegateArgs, ReadCall, ResourceMapContext, ResourceView } from './check/read-call.js';

import type { QueryDelegate } from '../model/delegate.types.js';
import type { ResolvedModel } from '../model/model-info.js';
import type { DtoClass } from '../projection/field-schema.types.js';
import type { ReadErrorOptions, ReadLog } from './execute/run-read.js';
import type { CursorCodec } from './plan/cursor.js';
import type { KeyField } from './plan/key.js';
import type { PagingLimits } from './plan/paging.js';
import type { AccessScope } from './scope/access-scope.js';

/**
 * What every read of one model needs, resolved once (by a `Resource` or a `QueryService`) and
 * handed to the pipeline's read functions: plain data, so a read passes no object of its own.
 */
export interface ReadModel {
  readonly delegate: QueryDelegate;
  /** The DTO whose relations are scoped (and whose to-one rows are checked); none for a bare service. */
  readonly dto: DtoClass | undefined;
  /** The access subject of the model's rows; `undefined` when reads merge no access filter. */
  readonly subject: string | undefined;
  readonly model: ResolvedModel;
  /** The key's fields in order: detail reads look up by them, and every paged sort ends with them. */
  readonly key: readonly KeyField[];
  readonly cursors: CursorCodec;
  readonly paging: PagingLimits;
  readonly maxIncludeTake: number;
  readonly literalSearch: boolean;
  readonly errors: ReadErrorOptions;
  /** The delegate of a related model by its name, for the to-one check; none when unknown. */
  readonly delegateFor: (model: string) => QueryDelegate | undefined;
}

/**
 * One delegate call of a read: the checked arguments under the read's access scope, the arguments
 * that reached the delegate written to `log` (errors name them). The row, rows, count and aggregate
 * reads share this shape (a read by id also takes the id), so a facade can take any of them as its
 * body, as `Resource`'s count and aggregate do.
 */
export type ModelRead<T> = (
  model: ReadModel,
  checked: DelegateArgs,
  scope: AccessScope,
  log: ReadLog,
) => Promise<T>;
