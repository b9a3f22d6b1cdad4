import { FacetQueryError, type FieldSelection } from '@facet/core';
import { getFieldSchema, isFieldVisible } from '../../projection/field-schema.js';
import type { DtoClass, FieldContext } from '../../projection/field-schema.types.js';
import { locateField } from '../../projection/locate-field.js';

/** `csv` (a header row of field paths, RFC 4180) or `ndjson` (one JSON item per line). */
export type ExportFormat = 'csv' | 'ndjson';
/** The formats an export is encoded in. */
export const EXPORT_FORMATS: readonly ExportFormat[] = ['csv', 'ndjson'];

/** The export's `format`, required: there is no default a client could misread. */
export function checkExportFormat(format: unknown): ExportFormat {
  if (typeof format === 'string' && (EXPORT_FORMATS as readonly string[]).includes(format))
    return format as ExportFormat;
  throw new FacetQueryError([
    {
      code: 'invalid_value',
      path: ['format'],
      message: `format must be one of: ${EXPORT_FORMATS.join(', ')}`,
    },
  ]);
}

/**
 * The columns of a CSV export, as dotted field paths in the order `fields` names them
 * (`title,author{name}` gives `title`, `author.name`); a to-one relation named without braces gives
 * each field of it the caller may see. Without `fields`, every scalar field of the DTO the caller
 * may see, relations left out. A to-many relation has no single cell to go in: it is a 400 naming
 * it (NDJSON carries it as an array). `selection` has been checked against the DTO already.
 */
export function exportColumns(
  selection: FieldSelection | undefined,
  dto: DtoClass,
  context: FieldContext,
  text: string,
): readonly string[] {
  const columns: string[] = [];
  const walk = (chosen: FieldSelection | undefined, type: DtoClass, path: readonly string[]): void => {
    const schema = getFieldSchema(type);
    const names =
      chosen === undefined
        ? [...schema.fields.values()]
            .filter((field) => field.kind === 'scalar' && isFieldVisible(field, context))
            .map((field) => field.name)
        : Object.keys(chosen);
    for (const name of names) {
      const field = schema.fields.get(name);
      if (field === undefined) continue;
      const at = [...path, name];
      if (field.kind === 'scalar') {
        columns.push(at.join('.'));
        continue;
      }
      if (field.isArray) {
        const position = locateField(text, at);
        throw new FacetQueryError([
          {
            code: 'invalid_value',
            path: ['fields', ...at],
            ...(position === undefined ? {} : { position }),
            message:
              'A to-many relation has no CSV column: export it as ndjson, or export the related resource.',
          },
        ]);
      }
      const child = chosen?.[name];
      walk(child === true ? undefined : child, field.target, at);
    }
  };
  walk(selection, dto, []);
  return columns;
}
