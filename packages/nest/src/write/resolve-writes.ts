import { FacetConfigurationError } from '../errors/facet-configuration.error.js';
import type { QueryDelegate } from '../model/delegate.types.js';
import type { ModelTypes } from '../model/model-types.js';
import { getFieldSchema } from '../projection/field-schema.js';
import type { DtoClass } from '../projection/field-schema.types.js';
import type { ResourceTarget } from '../read/read-resource.js';
import type { AccessibleWhere } from '../read/scope/access.types.js';
import { getAccessSubject } from '../read/scope/access-subject.js';
import { planWriteBody, type WriteBodyPlan } from './check/write-fields.js';
import { resolveBulk } from './resolve-bulk.js';
import type { BodyWrite, ResourceWrites } from './types/write.types.js';
import type { PlannedWrite, ReferenceRule, WriteDelegate, WriteTarget } from './write-resource.js';

const WRITE_KEYS: ReadonlySet<string> = new Set(['create', 'update', 'delete', 'bulk']);
const BODY_WRITE_KEYS: ReadonlySet<string> = new Set(['body', 'set']);
const WRITE_METHODS = ['create', 'updateMany', 'deleteMany', 'findFirst'] as const;

/** What the writes need of a resource's definition (write/ knows no `resource/` type: the folders depend one way). */
export interface WritableDefinition {
  readonly name: string;
  readonly dto: DtoClass;
  readonly delegate: (client: never) => unknown;
  readonly writes?: object | undefined;
}

export interface WriteResolution<TAbility> {
  readonly definition: WritableDefinition;
  readonly client: unknown;
  readonly target: ResourceTarget<never, object, never>;
  readonly subject: string | undefined;
  readonly accessibleWhere: AccessibleWhere<TAbility, object> | undefined;
}

const lowerFirst = (name: string) => name.charAt(0).toLowerCase() + name.slice(1);

function assertWriteDelegate(resource: string, delegate: unknown): asserts delegate is WriteDelegate {
  const missing = WRITE_METHODS.filter(
    (name) => typeof (delegate as Record<string, unknown> | null)?.[name] !== 'function',
  );
  if (missing.length > 0) {
    throw new FacetConfigurationError(
      `Resource ${resource} declares writes, but its delegate has no ${missing.join(', ')}.`,
    );
  }
}

/**
 * A resource's writes, checked and resolved once when it is built: each body's fields against the
 * model (`planWriteBody`), the foreign keys a body may set and the subject whose `read` filter each
 * must pass, and the parts a write needs of the client. Everything that would make a write less
 * checked than declared is refused here, at start-up (`FacetConfigurationError`).
 */
export function resolveWrites<TAbility>(
  resolution: WriteResolution<TAbility>,
): WriteTarget<TAbility> | undefined {
  const { definition, target, subject, accessibleWhere } = resolution;
  const writes = definition.writes as ResourceWrites<object, object, TAbility> | undefined;
  if (writes === undefined) return undefined;
  const name = definition.name;
  const fail = (message: string): never => {
    throw new FacetConfigurationError(`Resource ${name}: ${message}`);
  };
  for (const key of Object.keys(writes)) {
    if (!WRITE_KEYS.has(key)) fail(`\`writes.${key}\` is not a write; use create, update, delete or bulk.`);
  }
  if (writes.delete !== undefined && typeof writes.delete !== 'boolean')
    fail('`writes.delete` must be true or false.');
  const client = resolution.client as { $transaction?: unknown } & Record<string, unknown>;
  if (typeof client.$transaction !== 'function') {
    fail("writes run in an interactive transaction, and the module's client has no $transaction.");
  }
  // An access rule that does not take the action would hand writes the read filter: every row a
  // caller may read would be one it may change.
  if (subject !== undefined && accessibleWhere !== undefined && accessibleWhere.length < 3) {
    fail(
      'its accessibleWhere takes (ability, subject) only, so it cannot tell a write from a read; declare the third ' +
        "parameter, `action` ('read' | 'create' | 'update' | 'delete'), and build each action's filter from it.",
    );
  }
  const types = target.model.model.types;
  const plan = (
    action: 'create' | 'update',
    write: BodyWrite<object, TAbility> | undefined,
    fallback?: DtoClass,
  ) => {
    if (write === undefined) return undefined;
    if (typeof write !== 'object' || write === null) fail(`\`writes.${action}\` must be an object.`);
    for (const key of Object.keys(write)) {
      if (!BODY_WRITE_KEYS.has(key)) fail(`\`writes.${action}.${key}\` is not an option; use body and set.`);
    }
    if (write.set !== undefined && typeof write.set !== 'function')
      fail(`\`writes.${action}.set\` must be a function.`);
    const dto = (write.body ?? fallback) as DtoClass | undefined;
    if (dto === undefined) fail(`\`writes.${action}.body\` is required (the input DTO class).`);
    const planned: PlannedWrite<TAbility> = {
      plan: planWriteBody(name, action, dto as DtoClass, types),
      set: write.set,
    };
    return planned;
  };
  const create = plan('create', writes.create);
  const update = plan('update', writes.update, writes.create?.body as DtoClass | undefined);
  const references = referenceRules(
    definition.dto,
    types,
    [create?.plan, update?.plan],
    subject !== undefined,
    fail,
  );
  const pick = (on: object) => (definition.delegate as (client: unknown) => unknown)(on);
  assertWriteDelegate(name, pick(client));
  const key = target.model.key;
  return {
    name,
    subject,
    accessibleWhere,
    key,
    create,
    update,
    delete: writes.delete === true,
    bulk: resolveBulk(writes, fail),
    references,
    errors: target.model.errors,
    read: target,
    bind(on) {
      const delegate = pick(on);
      assertWriteDelegate(name, delegate);
      const delegateFor = (model: string) =>
        (on as Record<string, QueryDelegate | undefined>)[lowerFirst(model)];
      return {
        read: {
          ...target,
          model: { ...target.model, delegate: delegate as unknown as QueryDelegate, delegateFor },
        },
        delegate,
        delegateFor,
      };
    },
    transaction(work) {
      return (client.$transaction as (work: (tx: object) => Promise<unknown>) => Promise<never>)(work);
    },
  };
}

/**
 * The foreign keys some body may set, each with the subject of the rows it names: the subject of the
 * related DTO that the resource's DTO declares for the relation. An access-controlled resource
 * whose DTO does not declare the relation cannot say whose `read` filter a reference must pass,
 * and is refused.
 */
function referenceRules(
  dto: DtoClass,
  types: ModelTypes | undefined,
  plans: readonly (WriteBodyPlan | undefined)[],
  controlled: boolean,
  fail: (message: string) => never,
): ReferenceRule[] {
  const writable = new Set(plans.flatMap((plan) => (plan === undefined ? [] : [...plan.fields.keys()])));
  if (writable.size === 0) return [];
  const foreignKeys = types?.foreignKeys?.();
  if (foreignKeys === undefined) {
    if (controlled)
      fail(
        "the model's foreign keys are unknown (no schema text), so references in a body cannot be checked.",
      );
    return [];
  }
  const relations = [...getFieldSchema(dto).fields.values()];
  const rules: ReferenceRule[] = [];
  for (const foreignKey of foreignKeys) {
    if (!foreignKey.fields.some((field) => writable.has(field))) continue;
    const declared = relations.find(
      (field) => field.kind === 'relation' && field.relation === foreignKey.relation,
    );
    if (declared === undefined && controlled) {
      fail(
        `a body may write ${foreignKey.fields.join(', ')}, the key of ${foreignKey.relation}, but ${dto.name} declares no ` +
          `relation ${foreignKey.relation}: declare it (@Relation(() => …Dto)) so that a reference is checked under its subject's read rules.`,
      );
    }
    rules.push({
      fields: foreignKey.fields,
      references: foreignKey.references,
      model: foreignKey.model,
      subject: declared?.kind === 'relation' ? getAccessSubject(declared.target) : undefined,
    });
  }
  return rules;
}
