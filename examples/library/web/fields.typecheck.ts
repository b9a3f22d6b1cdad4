// Checked by `npm run typecheck` (web/tsconfig.json), never bundled: the page's `fields` strings are
// checked against the server's DTOs (types.ts), so a wrong field name fails the typecheck instead of the request.
import { createAutocompleteStore } from '@facet/client/autocomplete';
import { authorsApi, booksApi } from './api.js';

export async function typedCalls(): Promise<void> {
  const page = await booksApi.query({ fields: 'id,title,author{name}' });
  // Narrowed: exactly the fields asked for, with their DTO types, and nothing else. A named to-one
  // relation is always sent: its row, or null when the caller may not read it.
  const first: { id: number; title: string; author: { name: string } | null } | undefined = page.items[0];
  // @ts-expect-error author may be null (hidden from the caller), never undefined: this guard is not enough
  if (first !== undefined && first.author !== undefined) void first.author.name;
  // @ts-expect-error isbn was not asked for, so the narrowed row has no such field
  void first?.isbn;
  const author = await authorsApi.get(1, { fields: 'name' });
  const name: string = author.name;
  void first;
  void name;
  // @ts-expect-error 'titel' is not a field of BookDto: a typo in the page fails the typecheck
  await booksApi.query({ fields: 'id,titel' });
  // @ts-expect-error 'author.nme' is not a field either
  await booksApi.get(1, { fields: 'author{nme}' });
  // The stores' field lists are checked the same way, and narrow what they hold.
  const picker = createAutocompleteStore({
    resource: authorsApi,
    searchFields: ['name'],
    fields: ['id', 'name'],
  });
  const option: { id: number; name: string } | undefined = picker.getState().results[0];
  void option;
  // @ts-expect-error 'nme' is not a field of AuthorDto
  createAutocompleteStore({ resource: authorsApi, searchFields: ['name'], fields: ['id', 'nme'] });
}
