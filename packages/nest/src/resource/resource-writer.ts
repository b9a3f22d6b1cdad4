import type { RecordId } from '../read/plan/key.js';
import { createRows, deleteRows, updateRows } from '../write/bulk/write-many.js';
import type { BulkWriteOptions, BulkWriteResult, WriteOptions } from '../write/types/write.types.js';
import {
  createRow,
  declaredBulk,
  declaredWrite,
  declaresBulk,
  declaresWrite,
  deleteRow,
  updateRow,
  type WriteTarget,
} from '../write/write-resource.js';
import { assertCaller, type ReadContext } from './resource-context.js';
import type { ProjectedItem, ResourceReadQuery } from './resource-types.js';

/** What a resource's writes run on: its name, whether it is access-controlled, its write target. */
interface WriterState {
  readonly name: string;
  readonly accessControlled: boolean;
  readonly target: WriteTarget<never> | undefined;
}

// Kept beside the instance rather than in a field, so the resolved target stays out of the public type.
const states = new WeakMap<object, WriterState>();

/** Gives `resource` its writes (called once, by `Resource`'s constructor). @internal */
export function bindWrites(resource: object, state: WriterState): void {
  states.set(resource, state);
}

/**
 * The writes of a `Resource` (its base class): the single writes (`create`, `update`, `delete`) and
 * the bulk ones (`createMany`, `updateMany`, `deleteMany`), each with the caller's checks, whoever
 * calls it. A write the definition does not declare is the application's mistake
 * (`FacetConfigurationError`).
 */
export class ResourceWriter<TDto extends object, TAbility = unknown> {
  private state(action: 'create' | 'update' | 'delete', read: ReadContext<TAbility>, bulk = false) {
    const { name, accessControlled, target } = states.get(this) as WriterState;
    const declared = bulk ? declaredBulk(name, target, action) : declaredWrite(name, target, action);
    assertCaller(name, read, accessControlled);
    return declared;
  }

  /**
   * Creates a row from a client's body (`POST /books`): the body checked against the input DTO as
   * this caller may write it (400), references to rows it may read (400), the `create` conditions
   * checked on the written row (403, rolled back), database faults as stable answers (409, 400).
   * Resolves to the row as the caller reads it (`fields` as `findById`), or `undefined` (a 204).
   */
  async create<const F extends string = string>(
    body: unknown,
    query: ResourceReadQuery<TDto, F> = {},
    read: ReadContext<TAbility> = {},
    options: WriteOptions = {},
  ): Promise<ProjectedItem<TDto, F> | undefined> {
    const target = this.state('create', read);
    return (await createRow(target, body, query, read as ReadContext<never>, options)) as
      | ProjectedItem<TDto, F>
      | undefined;
  }

  /**
   * Updates the row `id` (`PATCH /books/:id`): 404 when the caller may not read it, 403 when it may
   * not update it or the result would leave its `update` conditions, 412 when `options.ifMatch`
   * does not match. Resolves to the row as the caller now reads it, or `undefined` (a 204).
   */
  async update<const F extends string = string>(
    id: RecordId,
    body: unknown,
    query: ResourceReadQuery<TDto, F> = {},
    read: ReadContext<TAbility> = {},
    options: WriteOptions = {},
  ): Promise<ProjectedItem<TDto, F> | undefined> {
    const target = this.state('update', read);
    return (await updateRow(target, id, body, query, read as ReadContext<never>, options)) as
      | ProjectedItem<TDto, F>
      | undefined;
  }

  /**
   * Deletes the row `id` (`DELETE /books/:id`): 404, 403 and 412 as `update`, 409 when other rows
   * still reference it. Resolves to the row as the caller read it just before.
   */
  async delete<const F extends string = string>(
    id: RecordId,
    query: ResourceReadQuery<TDto, F> = {},
    read: ReadContext<TAbility> = {},
    options: WriteOptions = {},
  ): Promise<ProjectedItem<TDto, F>> {
    const target = this.state('delete', read);
    return (await deleteRow(target, id, query, read as ReadContext<never>, options)) as ProjectedItem<
      TDto,
      F
    >;
  }

  /**
   * Creates a row from each body of `bodies` (`POST /books/bulk`, `writes.bulk.create`), all or
   * none, each checked as `create` checks it: a refused body is the 400 of `create` with its index
   * in the path (`[2].userId`), more than `maxRows` bodies a 400 (`too_many`), a row outside the
   * `create` conditions a 403. Resolves to how many rows it wrote.
   */
  createMany(
    bodies: readonly unknown[],
    read: ReadContext<TAbility> = {},
    options: BulkWriteOptions = {},
  ): Promise<BulkWriteResult> {
    return createRows(this.state('create', read, true), bodies, read as ReadContext<never>, options);
  }

  /**
   * Writes `body` to every row matching `where` that the caller may read (`PATCH /books?where=…`,
   * `writes.bulk.update`), all or none: `where` checked as a read's (400; required, `{}` is every
   * row), more than `maxRows` rows a 400, any of them outside the `update` conditions (before or
   * after the write) a 403. Resolves to how many rows it wrote.
   */
  updateMany(
    where: object,
    body: unknown,
    read: ReadContext<TAbility> = {},
    options: BulkWriteOptions = {},
  ): Promise<BulkWriteResult> {
    return updateRows(this.state('update', read, true), where, body, read as ReadContext<never>, options);
  }

  /**
   * Deletes every row matching `where` that the caller may read (`DELETE /books?where=…`,
   * `writes.bulk.delete`), all or none: 400 and 403 as `updateMany`, 409 when other rows still
   * reference one of them. Resolves to how many rows it deleted.
   */
  deleteMany(
    where: object,
    read: ReadContext<TAbility> = {},
    options: BulkWriteOptions = {},
  ): Promise<BulkWriteResult> {
    return deleteRows(this.state('delete', read, true), where, read as ReadContext<never>, options);
  }

  /**
   * Whether the resource declares `action` (what `ResourceController` serves with `writes: true`);
   * with `bulk`, whether it serves the bulk form (`writes.bulk`).
   */
  writes(action: 'create' | 'update' | 'delete', bulk = false): boolean {
    const { target } = states.get(this) as WriterState;
    return bulk ? declaresBulk(target, action) : declaresWrite(target, action);
  }
}
