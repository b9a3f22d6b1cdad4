import type { QueryDelegate } from '../../model/delegate.types.js';
import type { ReadErrorOptions } from '../../read/execute/run-read.js';
import type { KeyField } from '../../read/plan/key.js';
import type { ResourceTarget } from '../../read/read-resource.js';
import type { WriteAccess } from '../../read/scope/action-filter.js';
import type { WriteBodyPlan } from '../check/write-fields.js';
import type { ServerData, WriteSetContext } from './write.types.js';

/** The model operations a write calls; any Prisma model delegate (or a transaction's) has them. */
export interface WriteDelegate extends Pick<QueryDelegate, 'findFirst'> {
  create(args: object): PromiseLike<unknown>;
  updateMany(args: object): PromiseLike<{ count: number }>;
  deleteMany(args: object): PromiseLike<{ count: number }>;
}

/** A foreign key a body may set, and whose rows the caller must be able to read to name one. */
export interface ReferenceRule {
  /** The body fields holding the key (`['bookId']`). */
  readonly fields: readonly string[];
  /** The related model's fields they name (`['id']`). */
  readonly references: readonly string[];
  /** The related model (`Book`). */
  readonly model: string;
  /** The access subject of the related rows (its DTO's `@AccessSubject`); none: any existing row. */
  readonly subject: string | undefined;
}

/** A create or an update as the resource resolved it: the body plan and the server's fields. */
export interface PlannedWrite<TAbility> {
  readonly plan: WriteBodyPlan;
  readonly set: ((context: WriteSetContext<TAbility>) => ServerData | Promise<ServerData>) | undefined;
}

/** The resource on one client (the module's, or a transaction's): its reads, and its model's writes. */
export interface WriteBinding {
  readonly read: ResourceTarget<never, object, never>;
  readonly delegate: WriteDelegate;
  readonly delegateFor: (model: string) => QueryDelegate | undefined;
}

/** The bulk writes a resource serves. */
export interface ResolvedBulk {
  readonly create: boolean;
  readonly update: boolean;
  readonly delete: boolean;
  readonly maxRows: number;
}

/** What the write functions need of a resource, resolved once by `Resource`. */
export interface WriteTarget<TAbility> extends WriteAccess<TAbility> {
  readonly name: string;
  readonly key: readonly KeyField[];
  readonly create: PlannedWrite<TAbility> | undefined;
  readonly update: PlannedWrite<TAbility> | undefined;
  readonly delete: boolean;
  /** The bulk writes served (each only beside its single write), and their row budget. */
  readonly bulk: ResolvedBulk;
  readonly references: readonly ReferenceRule[];
  readonly errors: ReadErrorOptions;
  /** The resource's reads on the module's client: a bulk write's `where` is checked as theirs. */
  readonly read: ResourceTarget<never, object, never>;
  /** The resource bound to `client`. */
  bind(client: object): WriteBinding;
  /** Runs `work` in an interactive transaction of the module's client (the primary's). */
  transaction<T>(work: (client: object) => Promise<T>): Promise<T>;
}

export type AnyWriteTarget = WriteTarget<never>;
