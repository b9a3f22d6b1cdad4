// The page's row types come from the server's DTOs, through `import type` only: the compiler reads
// them, the bundler erases them, so no server module reaches the browser (test/web-bundle.test.ts
// checks the bundle). A field renamed on the server fails `npm run typecheck` here. web/tsconfig.json
// turns experimentalDecorators on only so that the DTO module the compiler reads for these types is
// checked as on the server; the page itself has no decorators.

import type { TableRow } from '@facet/client/table';
import type { SelectPaths } from '@facet/core';
import type { Jsonified, ResourceCreateBody, ResourceItem, ResourceUpdateBody } from '@facet/nest';
import type { AuthorDto, BookDto } from '../src/dto/library.dto.js';
import type { reviews } from '../src/resources/library.resources.js';

/** A book as the API sends it: BookDto after JSON (dates as ISO strings). */
export type Book = Jsonified<BookDto>;

/**
 * A row of the books table: the visible columns are chosen at run time, so every field may be
 * missing except the `id` the table always asks for (its `baseFields`, options.ts).
 */
export type BookRow = TableRow<Book, 'id'>;

/** An author as the API sends it. */
export type Author = Jsonified<AuthorDto>;

/** An option of the author picker: the fields it asks for (options.ts). */
export type AuthorOption = SelectPaths<Author, 'id' | 'name' | 'country'>;

export type Genre = Book['genre'];

/** The genre filter's choices; `satisfies` keeps the list within the server's enum. */
export const GENRES = ['FICTION', 'SCIENCE', 'HISTORY', 'POETRY', 'TECH'] as const satisfies readonly Genre[];

/** A review as the API sends it, and the bodies its writes take: from the resource definition. */
export type Review = ResourceItem<typeof reviews>;
export type ReviewTypes = {
  create: ResourceCreateBody<typeof reviews>;
  update: ResourceUpdateBody<typeof reviews>;
};
