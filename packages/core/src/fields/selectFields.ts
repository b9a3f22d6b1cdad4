import type { CountMode, PageMeta } from '../types.js';
import type {
  ApplyTree,
  FieldsSyntaxError,
  Flatten,
  IsEnvelope,
  ParseFields,
  PathDepth,
  PickPaths,
  Related,
  Tree,
  UnknownField,
} from './fieldsGrammar.js';

// The public types of the `fields` grammar at the type level: a literal projection narrows the
// item type without a code generation step. Their parts are in fieldsGrammar.ts.

/**
 * The item type a `fields` expression selects from `Item`: only the named fields, relations narrowed
 * to their sub-selection, to-many relations as arrays, a nullable to-one kept nullable. A
 * non-literal `string` (or an invalid expression) leaves `Item` whole.
 *
 * @example `SelectFields<Book, 'id,author{name}'>` is `{ id: number; author: { name: string } }`.
 */
export type SelectFields<Item, F extends string> = string extends F
  ? Item
  : ParseFields<F> extends infer T extends Tree
    ? Flatten<ApplyTree<Item, T>>
    : Item;

/**
 * The page a paged read answers for a `fields` expression: `Paginated<SelectFields<…>>`, or, for an
 * envelope projection (`items{…},meta{…}`), only the parts and meta fields asked for.
 */
export type SelectPage<Item, F extends string> = string extends F
  ? { items: Item[]; meta: PageMeta }
  : ParseFields<F> extends infer T extends Tree
    ? IsEnvelope<T> extends true
      ? Flatten<
          ('items' extends keyof T
            ? { items: T['items'] extends Tree ? Flatten<ApplyTree<Item, T['items']>>[] : never }
            : unknown) &
            ('meta' extends keyof T
              ? { meta: T['meta'] extends Tree ? Pick<PageMeta, keyof T['meta'] & keyof PageMeta> : never }
              : unknown)
        >
      : { items: Flatten<ApplyTree<Item, T>>[]; meta: PageMeta }
    : { items: Item[]; meta: PageMeta };

/**
 * A page as its count mode shapes it: with `count: 'none'` no count runs, so its `meta` has no
 * `itemCount`, `pageCount` or `countMode`; any other mode (or none given) leaves the page as it is.
 */
export type CountedPage<Page, C extends CountMode | undefined> = C extends 'none'
  ? Page extends { meta: infer M }
    ? Flatten<Omit<Page, 'meta'> & { meta: Omit<M, 'itemCount' | 'pageCount' | 'countMode'> }>
    : Page
  : Page;

/**
 * `F` itself when every name in it is a field of `Item` (inside `items{…}`/`meta{…}` of an envelope
 * too when `Page` is `true`); otherwise an error message type, so the call site fails to compile
 * and names the field. Use as the parameter type: `fields?: CheckFields<Item, F>`.
 */
export type CheckFields<Item, F extends string, Page extends boolean = false> = string extends F
  ? F
  : ParseFields<F> extends infer T
    ? T extends FieldsSyntaxError<infer Message>
      ? `Invalid fields expression: ${Message}`
      : T extends Tree
        ? [
            Page extends true
              ? IsEnvelope<T> extends true
                ?
                    | ('items' extends keyof T
                        ? T['items'] extends Tree
                          ? UnknownField<Item, T['items'], 'items.'>
                          : never
                        : never)
                    | ('meta' extends keyof T
                        ? T['meta'] extends Tree
                          ? Exclude<keyof T['meta'] & string, keyof PageMeta> extends infer M extends string
                            ? [M] extends [never]
                              ? never
                              : `meta.${M}`
                            : never
                          : never
                        : never)
                : UnknownField<Item, T>
              : UnknownField<Item, T>,
          ] extends [infer Bad extends string]
          ? [Bad] extends [never]
            ? F
            : `'${Bad}' is not a field of the item type.`
          : F
        : F
    : F;

/**
 * Every field of `Item` as a `fields` path, relations to `rel.field` (three levels deep, which
 * keeps the union small enough for editors): `'id' | 'author' | 'author.name' | …`.
 */
export type FieldPath<Item, D extends number = 3> = [D] extends [never]
  ? never
  : {
      [K in keyof Item & string]:
        | K
        | (NonNullable<Related<NonNullable<Item[K]>>> extends infer R
            ? R extends object
              ? R extends Date
                ? never
                : `${K}.${FieldPath<R, PathDepth[D]>}`
              : never
            : never);
    }[keyof Item & string];

/**
 * The item type a list of dotted field paths selects (the stores' `fields: ['id', 'author.name']`):
 * `SelectFields` for paths instead of an expression. A non-literal `string` leaves `Item` whole.
 *
 * @example `SelectPaths<Book, 'id' | 'author.name'>` is `{ id: number; author: { name: string } }`.
 */
export type SelectPaths<Item, P extends string> = string extends P ? Item : PickPaths<Item, P>;

/**
 * `P` when it is a field path of `Item` (see `FieldPath`), otherwise an error message type, so a
 * list of paths with a misspelt one fails to compile: `fields?: readonly CheckPath<Item, P>[]`.
 */
export type CheckPath<Item, P extends string> = string extends P
  ? P
  : P extends FieldPath<Item>
    ? P
    : `'${P}' is not a field path of the item type.`;
