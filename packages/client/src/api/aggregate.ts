import type { ModuleType } from './useModuleApi.js';

/** The aggregates `GET /endpoint/aggregate` computes. */
export type AggregateOperation = '_count' | '_min' | '_max' | '_avg' | '_sum';

/**
 * The fields of `TItem` an aggregate or a group may name: its scalars (texts, numbers, booleans,
 * dates), not its relations. Which of them a caller may use, and which types each aggregate takes
 * (`_avg`/`_sum` numbers only), the server decides: anything else is a 400.
 */
export type AggregateField<TItem> = {
  [K in keyof TItem & string]-?: NonNullable<TItem[K]> extends Date
    ? K
    : NonNullable<TItem[K]> extends object
      ? never
      : K;
}[keyof TItem & string];

/** The fields one aggregate reads: `{ price: true }`. */
export type AggregateFieldSelection<TItem> = { readonly [K in AggregateField<TItem>]?: boolean };

/** The selections of an aggregate: `{ _count: { _all: true }, _avg: { price: true } }`. */
export interface AggregateSelection<TItem> {
  readonly _count?: true | (AggregateFieldSelection<TItem> & { readonly _all?: boolean });
  readonly _min?: AggregateFieldSelection<TItem>;
  readonly _max?: AggregateFieldSelection<TItem>;
  readonly _avg?: AggregateFieldSelection<TItem>;
  readonly _sum?: AggregateFieldSelection<TItem>;
}

/** The query of `aggregate()`: the selections, a list's `where` and the search text `q`. */
export type AggregateQuery<TItem, TTypes> = AggregateSelection<TItem> & {
  readonly where?: ModuleType<TTypes, 'where', Record<string, unknown>>;
  readonly q?: string;
};

/** A sort direction of a group's `orderBy`. */
export type GroupDirection = 'asc' | 'desc';
/** One entry of a group's `orderBy`: a `by` field, or an aggregate of a field. */
export type GroupOrder<TItem, B extends string> =
  | { readonly [K in B]?: GroupDirection }
  | { readonly [Op in AggregateOperation]?: { readonly [K in AggregateField<TItem>]?: GroupDirection } };

/** The query of `groupBy()`: an aggregate's, with `by` and its `orderBy`. */
export type GroupByQuery<TItem, TTypes, B extends AggregateField<TItem>> = AggregateQuery<TItem, TTypes> & {
  readonly by: B | readonly B[];
  readonly orderBy?: GroupOrder<TItem, B> | readonly GroupOrder<TItem, B>[];
};

/** The keys of a selection set to `true`. */
export type SelectedKeys<S> = { [K in keyof S]-?: S[K] extends true ? K : never }[keyof S];

/**
 * What an aggregate answers for the selections `S`: counts as numbers, `_min`/`_max`/`_sum` in the
 * item's own types (Decimals and BigInts are exact strings, as in the items), `_avg` a number or,
 * of a Decimal, an exact string; `null` over no row.
 */
export type AggregateResult<TItem, S> = {
  -readonly [Op in keyof S & AggregateOperation]: Op extends '_count'
    ? S[Op] extends true
      ? number
      : { [K in SelectedKeys<S[Op]> & string]: number }
    : {
        [K in SelectedKeys<S[Op]> & keyof TItem]:
          | (Op extends '_avg' ? number | string : NonNullable<TItem[K]>)
          | null;
      };
};

/** One group: its `by` values and the aggregates asked for. */
export type GroupRow<TItem, B extends keyof TItem, S> = { [K in B]: TItem[K] } & AggregateResult<TItem, S>;

/** The answer of `groupBy()`. */
export interface GroupPage<TItem, B extends keyof TItem, S> {
  readonly items: GroupRow<TItem, B, S>[];
}
