import { type AppAbility, accessibleBy } from '../auth/index.js';

/** The models that carry read rules, and the relations between them. */
export type ModelName = 'Author' | 'Book' | 'Review';

const RELATIONS: Record<ModelName, Record<string, { model: ModelName; isList: boolean }>> = {
  Author: { books: { model: 'Book', isList: true } },
  Book: { author: { model: 'Author', isList: false }, reviews: { model: 'Review', isList: true } },
  Review: { book: { model: 'Book', isList: false } },
};

type Plain = Record<string, unknown>;
const isPlain = (value: unknown): value is Plain =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * QueryService merges the access filter into the root model's `where` only. This carries it into
 * to-many relations as well, so that `GET /authors?fields=name,books{title}` or
 * `where.books.some.title=…` sees only the books the caller may read:
 * - a loaded list relation gets `where: <access filter>` (ANDed with the client's);
 * - `some`/`none` filters get the access filter ANDed in, and `every: X` becomes
 *   `none: { AND: [access, NOT X] }` (every readable one matches, unreadable ones do not count).
 * To-one relations need nothing: each read route's own rules already imply their target is readable
 * (every author is; a readable review's book is readable).
 */
export function constrainRelations<TArgs extends object>(
  args: TArgs,
  model: ModelName,
  ability: AppAbility,
): TArgs {
  return new Constrainer(ability).args(args as Plain, model) as TArgs;
}

class Constrainer {
  private readonly filters = new Map<ModelName, Plain | undefined>();

  constructor(private readonly ability: AppAbility) {}

  /** The model's access filter, or `undefined` when the caller may read every row. */
  private access(model: ModelName): Plain | undefined {
    if (!this.filters.has(model)) {
      const where = accessibleBy(this.ability).ofType(model) as Plain;
      this.filters.set(model, Object.keys(where).length === 0 ? undefined : where);
    }
    return this.filters.get(model);
  }

  args(args: Plain, model: ModelName): Plain {
    const out: Plain = { ...args };
    if (isPlain(args.where)) out.where = this.where(args.where, model);
    if (isPlain(args.include)) out.include = this.load(args.include, model);
    if (isPlain(args.select)) out.select = this.load(args.select, model);
    return out;
  }

  private load(tree: Plain, model: ModelName): Plain {
    const out: Plain = {};
    for (const [key, value] of Object.entries(tree)) {
      const relation = RELATIONS[model][key];
      if (!relation || value === false || value === undefined) {
        out[key] = value;
        continue;
      }
      const nested = isPlain(value) ? this.args(value, relation.model) : {};
      const access = relation.isList ? this.access(relation.model) : undefined;
      if (access) nested.where = isPlain(nested.where) ? { AND: [access, nested.where] } : access;
      out[key] = Object.keys(nested).length === 0 ? true : nested;
    }
    return out;
  }

  private where(where: Plain, model: ModelName): Plain {
    const out: Plain = {};
    const extra: Plain[] = [];
    for (const [key, value] of Object.entries(where)) {
      if (key === 'AND' || key === 'OR' || key === 'NOT') {
        out[key] = Array.isArray(value)
          ? value.map((item) => (isPlain(item) ? this.where(item, model) : item))
          : isPlain(value)
            ? this.where(value, model)
            : value;
        continue;
      }
      const relation = RELATIONS[model][key];
      if (!relation || !isPlain(value)) {
        out[key] = value;
        continue;
      }
      if (!relation.isList) {
        out[key] = this.where(value, relation.model);
        continue;
      }
      const access = this.access(relation.model);
      const kept: Plain = {};
      for (const [op, filter] of Object.entries(value)) {
        const inner = isPlain(filter) ? this.where(filter, relation.model) : filter;
        if (!access || (op !== 'some' && op !== 'none' && op !== 'every')) kept[op] = inner;
        else if (op === 'every') extra.push({ [key]: { none: { AND: [access, { NOT: inner }] } } });
        else kept[op] = { AND: [access, inner] };
      }
      if (Object.keys(kept).length > 0) out[key] = kept;
    }
    if (extra.length === 0) return out;
    const and = out.AND === undefined ? [] : Array.isArray(out.AND) ? out.AND : [out.AND];
    return { ...out, AND: [...and, ...extra] };
  }
}
