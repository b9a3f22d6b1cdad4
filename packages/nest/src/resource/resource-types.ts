import type { CheckFields, FieldsGrammar, SelectFields, SelectPage } from '@facet/core';
import type { ResourcePage } from './resource-query.types.js';

// Types only: what a resource's DTO says about its routes, for the server's own code and, through
// `import type`, for a web client that wants its row types from the server without its code.

/**
 * What JSON makes of a value: a `Date` becomes its ISO string, a BigInt or a Decimal its exact
 * string (Facet serializes them so), methods disappear.
 */
export type Jsonified<T> = T extends bigint | Date | { toFixed(): string; d: unknown; e: unknown; s: unknown }
  ? string
  : T extends readonly (infer U)[]
    ? Jsonified<U>[]
    : T extends object
      ? { [K in keyof T as T[K] extends (...args: never[]) => unknown ? never : K]: Jsonified<T[K]> }
      : T;

/** The DTO type of a resource definition (`DtoOf<typeof books>` is `BookDto`) or of a `Resource`. */
export type DtoOf<R> = R extends { readonly dto: abstract new (...args: never[]) => infer T }
  ? T
  : R extends { readonly definition: { readonly dto: abstract new (...args: never[]) => infer T } }
    ? T
    : never;

/**
 * A DTO as a read sends it: an optional to-one relation (`author?: AuthorDto`) is absent when the
 * read did not load it and `null` when it did but the caller may not read the row (or there is
 * none), so it is typed `| null` as well, at every depth. Declare a to-one relation whose subject
 * has an access rule optional, and the types say what arrives.
 */
export type SentItem<T> = T extends FieldsGrammar.ScalarObject
  ? T
  : T extends readonly (infer U)[]
    ? SentItem<U>[]
    : T extends object
      ? {
          [K in keyof T]: FieldsGrammar.IsRelation<T[K]> extends true
            ? NonNullable<T[K]> extends readonly unknown[]
              ? SentItem<T[K]>
              : SentItem<NonNullable<T[K]>> | FieldsGrammar.MissingToOne<T[K]> | Extract<T[K], undefined>
            : T[K];
        }
      : T;

/**
 * One item of a resource as an HTTP client receives it: the DTO after JSON, with the `null` of a
 * hidden to-one relation (`SentItem`). A web page can take its row types from here with
 * `import type`, so no server code reaches its bundle: `type Book = ResourceItem<typeof books>`.
 */
export type ResourceItem<R> = Jsonified<SentItem<DtoOf<R>>>;

/**
 * The `fields` member of a read's query, checked against `Dto`: a literal naming a field the DTO
 * does not have fails to compile. `Page` accepts the envelope projection (`items{…},meta{…}`).
 */
export interface FieldsQuery<Dto, F extends string = string, Page extends boolean = false> {
  readonly fields?: CheckFields<Dto, F, Page>;
}

/**
 * The query of a resource read: any members (the server checks them at run time), with `fields`
 * checked against `Dto` at compile time.
 */
export type ResourceReadQuery<Dto, F extends string = string, Page extends boolean = false> =
  | FieldsQuery<Dto, F, Page>
  | (FieldsQuery<Dto, F, Page> & { readonly [key: string]: unknown });

/**
 * One item a literal `fields` projects out of `Dto`: only the named fields, relations narrowed to
 * their sub-selection. A non-literal `string` gives `Partial<Dto>`, since any field may be missing.
 */
export type ProjectedItem<Dto, F extends string = string> = string extends F
  ? Partial<Dto>
  : SelectFields<Dto, F>;

/**
 * The page a literal `fields` answers: `{ items, meta }` of `ProjectedItem`s, or for an envelope
 * projection only the parts and meta fields named. A non-literal `string` gives `ResourcePage<Dto>`.
 */
export type ProjectedPage<Dto, F extends string = string> = string extends F
  ? ResourcePage<Dto>
  : SelectPage<Dto, F>;

/**
 * The query of an export: `format` (`csv` or `ndjson`), and `where`, `orderBy` and `fields` as a
 * list takes them, `fields` checked against `Dto` at compile time. No paging: an export is every row.
 */
export type ResourceExportQuery<Dto, F extends string = string> = FieldsQuery<Dto, F> & {
  readonly format: 'csv' | 'ndjson';
  readonly where?: unknown;
  readonly orderBy?: unknown;
};

/**
 * The body of a resource's create as a client sends it: its input DTO after JSON
 * (`ResourceCreateBody<typeof reviews>`). A web page can `import type` it, like `ResourceItem`.
 * `never` when the resource declares no create.
 */
export type ResourceCreateBody<R> = R extends {
  readonly writes?: { readonly create?: { readonly body: abstract new (...args: never[]) => infer B } };
}
  ? Jsonified<B>
  : R extends {
        readonly definition: {
          readonly writes?: {
            readonly create?: { readonly body: abstract new (...args: never[]) => infer B };
          };
        };
      }
    ? Jsonified<B>
    : never;

/** The update body class of a `writes` declaration: its own, or the create's. */
export type UpdateBodyOf<W> = W extends { readonly update?: infer U }
  ? [NonNullable<U>] extends [never]
    ? never
    : NonNullable<U> extends { readonly body: abstract new (...args: never[]) => infer B }
      ? B
      : W extends { readonly create?: { readonly body: abstract new (...args: never[]) => infer C } }
        ? C
        : never
  : never;

/**
 * The body of a resource's update as a client sends it: any part of its input DTO after JSON (the
 * create's when the update names none). `never` when the resource declares no update.
 */
export type ResourceUpdateBody<R> = R extends { readonly writes?: infer W }
  ? Partial<Jsonified<UpdateBodyOf<W>>>
  : R extends { readonly definition: { readonly writes?: infer W } }
    ? Partial<Jsonified<UpdateBodyOf<W>>>
    : never;
