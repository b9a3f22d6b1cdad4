import type { PageMeta } from '../types.js';

// The `fields` grammar (see parseFields.ts), parsed by the compiler instead of at run time, so a
// literal projection narrows the item type without a code generation step. Types only: nothing
// here exists in the emitted JavaScript.

/** A parsed projection at the type level: each field maps to `true` or a nested tree. */
type Tree = { [field: string]: true | Tree };

/** Marks an expression the grammar rejects; carries the reason for the error message. */
interface FieldsSyntaxError<Message extends string> {
  readonly __fieldsSyntaxError: Message;
}

type Space = ' ' | '\t' | '\n' | '\r';
type Stop = ',' | '{' | '}';

type TrimStart<S extends string> = S extends `${Space}${infer Rest}` ? TrimStart<Rest> : S;

/** Reads one field name: the characters up to the next `,`, `{`, `}` or space. */
type ReadName<S extends string, Name extends string = ''> = S extends `${infer C}${infer Rest}`
  ? C extends Stop | Space
    ? [Name, S]
    : ReadName<Rest, `${Name}${C}`>
  : [Name, ''];

/** Adds a field the way `addField` does at run time: a plain mention wins, sub-selections merge. */
type AddField<Acc extends Tree, Name extends string, Value extends true | Tree> = Name extends keyof Acc
  ? Omit<Acc, Name> & {
      [K in Name]: Value extends true
        ? true
        : Acc[Name] extends true
          ? true
          : Value extends Tree
            ? Acc[Name] extends Tree
              ? Flatten<MergeTrees<Acc[Name], Value>>
              : Value
            : never;
    }
  : Acc & { [K in Name]: Value };

type MergeTrees<A extends Tree, B extends Tree> = {
  [K in keyof A | keyof B]: K extends keyof B
    ? K extends keyof A
      ? A[K] extends true
        ? true
        : B[K] extends true
          ? true
          : A[K] extends Tree
            ? B[K] extends Tree
              ? MergeTrees<A[K], B[K]>
              : never
            : never
      : B[K]
    : K extends keyof A
      ? A[K]
      : never;
};

type Flatten<T> = { [K in keyof T]: T[K] };

/** Depth counter: bounds the recursion so a pathological literal cannot slow the compiler down. */
type Depth = [never, 0, 1, 2, 3, 4, 5, 6, 7];

/** `list := '' | item (',' item)*` → `[tree, rest]`, or a `SyntaxError`. */
type ParseList<S extends string, D extends number, Acc extends Tree = {}> = [D] extends [never]
  ? FieldsSyntaxError<'The fields expression nests too deep for the type-level parser.'>
  : ReadName<TrimStart<S>> extends [infer Name extends string, infer AfterName extends string]
    ? Name extends ''
      ? [Acc, TrimStart<S>]
      : ParseItemTail<Name, TrimStart<AfterName>, D, Acc>
    : never;

type ParseItemTail<
  Name extends string,
  S extends string,
  D extends number,
  Acc extends Tree,
> = S extends `{${infer Inner}`
  ? ParseList<Inner, Depth[D]> extends [infer Sub extends Tree, infer AfterSub extends string]
    ? AfterSub extends `}${infer AfterClose}`
      ? ParseNext<TrimStart<AfterClose>, D, AddField<Acc, Name, Flatten<Sub>>>
      : FieldsSyntaxError<`Expected '}' to close '${Name}{'.`>
    : ParseList<Inner, Depth[D]>
  : ParseNext<S, D, AddField<Acc, Name, true>>;

type ParseNext<S extends string, D extends number, Acc extends Tree> = S extends `,${infer Rest}`
  ? ParseList<Rest, D, Acc>
  : [Flatten<Acc>, S];

/** Parses a whole expression; outer braces are optional. */
type ParseFields<S extends string> =
  TrimStart<S> extends `{${infer Inner}`
    ? ParseList<Inner, 7> extends [infer T extends Tree, infer Rest extends string]
      ? Rest extends `}${infer After}`
        ? TrimStart<After> extends ''
          ? T
          : FieldsSyntaxError<"Expected the end after the outer '}'.">
        : FieldsSyntaxError<"Expected '}' to close the outer '{'.">
      : ParseList<Inner, 7>
    : ParseList<S, 7> extends [infer T extends Tree, infer Rest extends string]
      ? Rest extends ''
        ? T
        : FieldsSyntaxError<`Unexpected '${Rest}'.`>
      : ParseList<S, 7>;

/** The element of a to-many relation, or the object of a to-one; `null`/`undefined` set aside. */
type Related<V> = V extends readonly (infer E)[] ? E : V;

/** Applies a projection tree to one value, keeping arrays (to-many) and `null` (optional to-one). */
type ApplyValue<V, T> = T extends true
  ? V
  : T extends Tree
    ? V extends null | undefined
      ? V
      : V extends readonly (infer E)[]
        ? ApplyTree<NonNullable<E>, T>[]
        : ApplyTree<V, T>
    : never;

type ApplyTree<Item, T extends Tree> = {
  [K in keyof T & keyof Item]: ApplyValue<Item[K], T[K]>;
};

/** The first name in a tree that is not a field of `Item`, as a dotted path; `never` when all are. */
type UnknownField<Item, T extends Tree, Prefix extends string = ''> = {
  [K in keyof T & string]: K extends keyof NonNullable<Item>
    ? T[K] extends Tree
      ? UnknownField<NonNullable<Related<NonNullable<NonNullable<Item>[K]>>>, T[K], `${Prefix}${K}.`>
      : never
    : `${Prefix}${K}`;
}[keyof T & string];

/** An envelope projection: only `items{…}` and/or `meta{…}` at the top, each with braces. */
type IsEnvelope<T extends Tree> = keyof T extends never
  ? false
  : Exclude<keyof T, 'items' | 'meta'> extends never
    ? T[keyof T] extends Tree
      ? true
      : false
    : false;

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

type PathDepth = [never, 0, 1, 2];

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

/** The first segment of a dotted path: `author` of `author.name`. */
type PathHead<P extends string> = P extends `${infer Head}.${string}` ? Head : P;
/** The paths under `Head`, without it: `name` of `author.name`. */
type PathTail<P extends string, Head extends string> = P extends `${Head}.${infer Rest}` ? Rest : never;

type PickPathsValue<V, P extends string> = V extends null | undefined
  ? V
  : V extends readonly (infer E)[]
    ? PickPaths<NonNullable<E>, P>[]
    : PickPaths<V, P>;

type PickPaths<Item, P extends string> = Flatten<{
  // A plain mention of a relation wins over paths into it, as `fields` merges them at run time.
  [K in PathHead<P> & keyof Item]: K extends P ? Item[K] : PickPathsValue<Item[K], PathTail<P, K & string>>;
}>;

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
