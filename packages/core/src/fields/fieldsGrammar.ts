// The `fields` grammar (see parseFields.ts), parsed by the compiler instead of at run time: the
// parts `SelectFields`, `SelectPage`, `CheckFields`, `FieldPath` and `SelectPaths` are built from.
// Types only: nothing here exists in the emitted JavaScript. The package root exports this module
// as the namespace `FieldsGrammar`, so that every type the public ones name can be imported;
// applications use the public types, and these may change in any minor version.

/** A parsed projection at the type level: each field maps to `true` or a nested tree. */
export type Tree = { [field: string]: true | Tree };

/** Marks an expression the grammar rejects; carries the reason for the error message. */
export interface FieldsSyntaxError<Message extends string> {
  readonly __fieldsSyntaxError: Message;
}

export type Space = ' ' | '\t' | '\n' | '\r';
export type Stop = ',' | '{' | '}';

export type TrimStart<S extends string> = S extends `${Space}${infer Rest}` ? TrimStart<Rest> : S;

/** Reads one field name: the characters up to the next `,`, `{`, `}` or space. */
export type ReadName<S extends string, Name extends string = ''> = S extends `${infer C}${infer Rest}`
  ? C extends Stop | Space
    ? [Name, S]
    : ReadName<Rest, `${Name}${C}`>
  : [Name, ''];

/** Adds a field the way `addField` does at run time: a plain mention wins, sub-selections merge. */
export type AddField<
  Acc extends Tree,
  Name extends string,
  Value extends true | Tree,
> = Name extends keyof Acc
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

export type MergeTrees<A extends Tree, B extends Tree> = {
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

export type Flatten<T> = { [K in keyof T]: T[K] };

/** Depth counter: bounds the recursion so a pathological literal cannot slow the compiler down. */
export type Depth = [never, 0, 1, 2, 3, 4, 5, 6, 7];

/** `list := '' | item (',' item)*` → `[tree, rest]`, or a `SyntaxError`. */
export type ParseList<S extends string, D extends number, Acc extends Tree = {}> = [D] extends [never]
  ? FieldsSyntaxError<'The fields expression nests too deep for the type-level parser.'>
  : ReadName<TrimStart<S>> extends [infer Name extends string, infer AfterName extends string]
    ? Name extends ''
      ? [Acc, TrimStart<S>]
      : ParseItemTail<Name, TrimStart<AfterName>, D, Acc>
    : never;

export type ParseItemTail<
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

export type ParseNext<S extends string, D extends number, Acc extends Tree> = S extends `,${infer Rest}`
  ? ParseList<Rest, D, Acc>
  : [Flatten<Acc>, S];

/** Parses a whole expression; outer braces are optional. */
export type ParseFields<S extends string> =
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
export type Related<V> = V extends readonly (infer E)[] ? E : V;

/**
 * Values an object type can hold that are scalars, not relations: a `Date`, a `Bytes` buffer, a
 * Prisma `Decimal` (or a BigInt, a string: not objects at all).
 */
export type ScalarObject = Date | Uint8Array | { toFixed(digits?: number): string };

/**
 * What a named relation can arrive as besides its rows: `null` when the DTO says the relation may be
 * missing (an optional `?` or `| null` property). A relation named in `fields` is always sent, so
 * never `undefined`; a to-one row the caller may not read (an access rule on its subject) arrives as
 * `null`, which is why an optional to-one relation is typed `| null` once named.
 */
export type MissingToOne<V> = undefined extends V ? null : null extends V ? null : never;

/** Whether a value is a relation (an object that is not a `ScalarObject`), to-one or to-many. */
export type IsRelation<V> = [NonNullable<V>] extends [never]
  ? false
  : NonNullable<V> extends ScalarObject
    ? false
    : NonNullable<V> extends object
      ? true
      : false;

/** A relation named in `fields`, shaped by `Shape`: to-many an array, to-one its row or `null`. */
export type NamedRelation<V, Shape> =
  NonNullable<V> extends readonly unknown[] ? Shape : Shape | MissingToOne<V>;

/**
 * Applies a projection tree to one value: to-many relations become arrays of the sub-selection,
 * to-one relations their sub-selection, or `null` where the DTO says the relation may be missing. A
 * plain mention keeps the value, except that a named relation is never `undefined`.
 */
export type ApplyValue<V, T> = T extends true
  ? IsRelation<V> extends true
    ? NamedRelation<V, NonNullable<V>>
    : V
  : T extends Tree
    ? NamedRelation<V, ApplyRelated<NonNullable<V>, T>>
    : never;

/** The sub-selection of a relation's rows (distributes over a union of row types). */
export type ApplyRelated<V, T extends Tree> = V extends readonly (infer E)[]
  ? ApplyTree<NonNullable<E>, T>[]
  : ApplyTree<V, T>;

export type ApplyTree<Item, T extends Tree> = {
  [K in keyof T & keyof Item]: ApplyValue<Item[K], T[K]>;
};

/** The first name in a tree that is not a field of `Item`, as a dotted path; `never` when all are. */
export type UnknownField<Item, T extends Tree, Prefix extends string = ''> = {
  [K in keyof T & string]: K extends keyof NonNullable<Item>
    ? T[K] extends Tree
      ? UnknownField<NonNullable<Related<NonNullable<NonNullable<Item>[K]>>>, T[K], `${Prefix}${K}.`>
      : never
    : `${Prefix}${K}`;
}[keyof T & string];

/** An envelope projection: only `items{…}` and/or `meta{…}` at the top, each with braces. */
export type IsEnvelope<T extends Tree> = keyof T extends never
  ? false
  : Exclude<keyof T, 'items' | 'meta'> extends never
    ? T[keyof T] extends Tree
      ? true
      : false
    : false;

export type PathDepth = [never, 0, 1, 2];

/** The first segment of a dotted path: `author` of `author.name`. */
export type PathHead<P extends string> = P extends `${infer Head}.${string}` ? Head : P;
/** The paths under `Head`, without it: `name` of `author.name`. */
export type PathTail<P extends string, Head extends string> = P extends `${Head}.${infer Rest}`
  ? Rest
  : never;

export type PickPathsValue<V, P extends string> = NamedRelation<V, PickRelated<NonNullable<V>, P>>;

/** The paths of a relation's rows (distributes over a union of row types). */
export type PickRelated<V, P extends string> = V extends readonly (infer E)[]
  ? PickPaths<NonNullable<E>, P>[]
  : PickPaths<V, P>;

export type PickPaths<Item, P extends string> = Flatten<{
  // A plain mention of a relation wins over paths into it, as `fields` merges them at run time.
  [K in PathHead<P> & keyof Item]: K extends P
    ? ApplyValue<Item[K], true>
    : PickPathsValue<Item[K], PathTail<P, K & string>>;
}>;
