/**
 * The one place Facet reads Prisma's internals. A Prisma 7 model delegate (`prisma.book`) knows
 * its model (`$name`) and its client (`$parent`); the client carries its runtime data model
 * (`_runtimeDataModel`), the schema text (`_engineConfig.inlineSchema`), the database it speaks
 * (`_engineConfig.activeProvider`) and its preview features. None of these is public API, so every
 * step is checked, and each reader answers "unknown" for a delegate that does not expose them (an
 * extension that hides them, a wrapper, a plain object with the five operations). Applications
 * with such a delegate supply what Facet would read here through the `model` option.
 */

/** A field of Prisma's runtime data model, as far as Facet reads it. */
export interface RuntimeField {
  readonly name?: unknown;
  readonly kind?: unknown;
  readonly type?: unknown;
}

/** The runtime data model's models, by name. */
export type RuntimeModels = Readonly<
  Record<string, { readonly fields?: readonly RuntimeField[] } | undefined>
>;

interface PrismaParent {
  readonly _runtimeDataModel?: { readonly models?: unknown };
  readonly _engineConfig?: {
    readonly inlineSchema?: unknown;
    readonly activeProvider?: unknown;
    readonly previewFeatures?: unknown;
    readonly adapter?: { readonly adapterName?: unknown };
  };
  readonly _previewFeatures?: unknown;
}

interface IntrospectableDelegate {
  readonly $name?: unknown;
  readonly $parent?: PrismaParent;
}

function introspectable(delegate: unknown): IntrospectableDelegate | undefined {
  return (typeof delegate === 'object' || typeof delegate === 'function') && delegate !== null
    ? (delegate as IntrospectableDelegate)
    : undefined;
}

/**
 * The delegate's model name and its client's runtime data model (every model, by name), or
 * `undefined` when the delegate does not expose them.
 */
export function readRuntimeModel(
  delegate: unknown,
): { readonly name: string; readonly models: RuntimeModels } | undefined {
  const candidate = introspectable(delegate);
  const name = candidate?.$name;
  const models = candidate?.$parent?._runtimeDataModel?.models;
  if (typeof name !== 'string' || typeof models !== 'object' || models === null) return undefined;
  return { name, models: models as RuntimeModels };
}

/** The schema text the client was generated from, when it carries it. */
export function readInlineSchema(delegate: unknown): string | undefined {
  const schema = introspectable(delegate)?.$parent?._engineConfig?.inlineSchema;
  return typeof schema === 'string' ? schema : undefined;
}

/** The database the delegate's client speaks (`postgresql`, `mysql`...), when it says. */
export function readProvider(delegate: unknown): string | undefined {
  const provider = introspectable(delegate)?.$parent?._engineConfig?.activeProvider;
  return typeof provider === 'string' ? provider : undefined;
}

/** Whether the delegate's Prisma client joins relations in one statement (`previewFeatures = ["relationJoins"]`). */
export function readsRelationJoins(delegate: unknown): boolean {
  const parent = introspectable(delegate)?.$parent;
  const features = parent?._previewFeatures ?? parent?._engineConfig?.previewFeatures;
  return Array.isArray(features) && features.includes('relationJoins');
}

/**
 * The delegate of another model of the delegate's client, by the model's name (`Book` is
 * `client.book`), or `undefined` when the delegate does not expose its client.
 */
export function readSiblingDelegate(delegate: unknown, model: string): unknown {
  const parent = introspectable(delegate)?.$parent as Record<string, unknown> | undefined;
  return parent?.[model.charAt(0).toLowerCase() + model.slice(1)];
}

/**
 * The name of the driver adapter of the delegate's client (`@prisma/adapter-pg`,
 * `pglite-prisma-adapter`...), when it says.
 */
export function readAdapterName(delegate: unknown): string | undefined {
  const name = introspectable(delegate)?.$parent?._engineConfig?.adapter?.adapterName;
  return typeof name === 'string' ? name : undefined;
}
