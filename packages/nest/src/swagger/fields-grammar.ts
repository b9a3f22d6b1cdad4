import { PAGE_META_FIELDS } from '@facet/core';

/** The `fields` grammar as the OpenAPI documents show it. */
export const FIELDS_DESCRIPTION = [
  'Projection expression: which fields of each item to return.',
  '',
  'Grammar: comma-separated field names; a relation is `name{subfield,…}`, nested as deep as needed;',
  'outer braces are optional; whitespace is ignored; `rel{}` is an empty selection.',
  'Only fields the DTO declares (and the caller may see) resolve; anything else is a 400 naming the path and position.',
].join('\n');

export const PAGED_FIELDS_DESCRIPTION = [
  FIELDS_DESCRIPTION,
  '',
  'Envelope projection: an expression whose top level is only `items{…}` and/or `meta{…}` (with braces) projects',
  `the \`{ items, meta }\` envelope; meta fields are ${PAGE_META_FIELDS.join(', ')}.`,
  'Without itemCount and pageCount no count query runs. A resource field named `items` or `meta` is projected',
  'inside the envelope: `items{items{name}}`.',
].join('\n');

export const FIELDS_EXAMPLES = {
  scalars: { summary: 'Scalar fields', value: 'id,title' },
  relation: { summary: 'A relation', value: 'id,title,author{name}' },
  envelope: {
    summary: 'Envelope projection (no count query)',
    value: 'items{id,title},meta{page,hasNextPage}',
  },
} as const;
