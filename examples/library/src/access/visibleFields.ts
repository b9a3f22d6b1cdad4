import { type FacetIssue, FacetQueryError } from '@facet/core';
import {
  type DtoClass,
  FacetQueryException,
  type FieldContext,
  getFieldSchema,
  isFieldVisible,
} from '@facet/nest';

/** The client-supplied parts of a read that name fields. */
export interface FieldNamingQuery {
  readonly where?: unknown;
  readonly orderBy?: unknown;
  readonly include?: unknown;
  readonly select?: unknown;
}

type Path = (string | number)[];
type Plain = Record<string, unknown>;

const isPlain = (value: unknown): value is Plain =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

const LOGICAL = new Set(['AND', 'OR', 'NOT']);
const TO_MANY = new Set(['some', 'every', 'none']);
const TO_ONE = new Set(['is', 'isNot']);

/**
 * Refuses (400, `unknown_key`) a `where`, `orderBy`, `include` or `select` that names a field the
 * DTO does not declare or does not expose to this caller, at any depth. `fields` is checked by
 * `ResourceQuery` with the same schema; this covers filtering, sorting and searching, so that a
 * hidden column cannot be probed through a filter (`where.internalNote.startsWith=a`). A hidden
 * field gets the same answer as a misspelt one, which reveals nothing.
 */
export function assertVisibleFields(query: FieldNamingQuery, dto: DtoClass, context: FieldContext): void {
  const issues: FacetIssue[] = [];
  const walker = new Walker(context, issues);
  walker.where(query.where, dto, ['where']);
  walker.orderBy(query.orderBy, dto, ['orderBy']);
  walker.relationLoad(query.include, dto, ['include'], false);
  walker.relationLoad(query.select, dto, ['select'], true);
  const [first, ...rest] = issues;
  if (first) throw new FacetQueryException(new FacetQueryError([first, ...rest]));
}

class Walker {
  constructor(
    private readonly context: FieldContext,
    private readonly issues: FacetIssue[],
  ) {}

  private field(dto: DtoClass, name: string, path: Path) {
    const field = getFieldSchema(dto).fields.get(name);
    if (field && isFieldVisible(field, this.context)) return field;
    this.issues.push({ code: 'unknown_key', path, message: `Unknown field "${name}".` });
    return undefined;
  }

  where(value: unknown, dto: DtoClass, path: Path): void {
    if (!isPlain(value)) return; // shapes are Prisma's to judge (a 400 from QueryService)
    for (const [key, condition] of Object.entries(value)) {
      const at = [...path, key];
      if (LOGICAL.has(key)) {
        if (Array.isArray(condition)) {
          for (const [i, item] of condition.entries()) this.where(item, dto, [...at, i]);
        } else this.where(condition, dto, at);
        continue;
      }
      const field = this.field(dto, key, at);
      if (field?.kind !== 'relation' || !isPlain(condition)) continue;
      for (const [op, nested] of Object.entries(condition)) {
        if (field.isArray ? TO_MANY.has(op) : TO_ONE.has(op)) this.where(nested, field.target, [...at, op]);
        // A to-one relation may also be filtered directly: `where.author.name.contains=…`.
        else if (!field.isArray) this.where({ [op]: nested }, field.target, at);
      }
    }
  }

  orderBy(value: unknown, dto: DtoClass, path: Path): void {
    if (Array.isArray(value)) {
      for (const [i, item] of value.entries()) this.orderBy(item, dto, [...path, i]);
      return;
    }
    if (!isPlain(value)) return;
    for (const [key, direction] of Object.entries(value)) {
      const field = this.field(dto, key, [...path, key]);
      if (field?.kind !== 'relation' || !isPlain(direction)) continue;
      // A to-many relation sorts by its `_count` only, which names no field.
      if (!field.isArray) this.orderBy(direction, field.target, [...path, key]);
    }
  }

  /** An `include` (relations only) or `select` (scalars too) tree. */
  relationLoad(value: unknown, dto: DtoClass, path: Path, isSelect: boolean): void {
    if (!isPlain(value)) return;
    for (const [key, args] of Object.entries(value)) {
      const at = [...path, key];
      const field = this.field(dto, key, at);
      if (!field || !isPlain(args)) continue;
      if (field.kind !== 'relation') {
        if (!isSelect)
          this.issues.push({ code: 'unknown_key', path: at, message: `"${key}" is not a relation.` });
        continue;
      }
      this.where(args.where, field.target, [...at, 'where']);
      this.orderBy(args.orderBy, field.target, [...at, 'orderBy']);
      this.relationLoad(args.include, field.target, [...at, 'include'], false);
      this.relationLoad(args.select, field.target, [...at, 'select'], true);
    }
  }
}
