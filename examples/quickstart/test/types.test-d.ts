// Type tests, checked by `npm run typecheck -w examples/quickstart` (tsc over src and test): what a
// read resolves to is what arrives, on the server and in the client. A to-one relation named in
// `fields` is never undefined, and a row the caller may not read is null, so `!== undefined` does
// not compile as a guard; the server's own where is typed from the model and narrows without
// changing the type; the
// autocomplete's value is one id in single mode.
import { createApiClient, createAutocompleteStore, type ResourceId, useModuleApi } from '@facet/client';
import type { ReadContext, ResourceItem, ResourceOf } from '@facet/nest';
import { expectTypeOf } from 'vitest';
import type { Role } from '../src/access.js';
import type { articles } from '../src/articles/articles.resource.js';
import type { Article } from '../src/list-articles.js';

type Item = ResourceItem<typeof articles>;
declare const resource: ResourceOf<typeof articles>;
declare const read: ReadContext<Role>;

export async function serverReads(): Promise<void> {
  const page = await resource.query({ fields: 'id,title,next{title}' }, read);
  expectTypeOf(page.items).toEqualTypeOf<{ id: number; title: string; next: { title: string } | null }[]>();
  const [article] = page.items;
  // @ts-expect-error next may be null (a draft, for anonymous callers): checking for undefined is not enough
  if (article !== undefined && article.next !== undefined) void article.next.title;
  if (article?.next) void article.next.title;

  // The server's own where may name draftNote, which callers cannot; it narrows, the type stays.
  const finished = await resource.query({ fields: 'title' }, read, { where: { draftNote: null } });
  expectTypeOf(finished.items).toEqualTypeOf<{ title: string }[]>();
  // The server's where is the model's where-input: a misspelt column does not compile.
  // @ts-expect-error no column draftNot
  await resource.query({}, read, { where: { draftNot: null } });
}

// Unprojected, the optional to-one is absent when not loaded and null when hidden.
expectTypeOf<null>().toExtend<Item['next']>();
expectTypeOf<undefined>().toExtend<Item['next']>();

export async function clientReads(): Promise<void> {
  const api = useModuleApi<Article>(createApiClient({ origin: 'http://localhost:3001' }), 'articles');
  const page = await api.query({ fields: 'id,next{title}' });
  expectTypeOf(page.items).toEqualTypeOf<{ id: number; next: { title: string } | null }[]>();

  const single = createAutocompleteStore({ resource: api, searchFields: ['title'] });
  expectTypeOf(single.getState().value).toEqualTypeOf<ResourceId | null>();
  const multiple = createAutocompleteStore({ resource: api, searchFields: ['title'], multiple: true });
  expectTypeOf(multiple.getState().value).toEqualTypeOf<readonly ResourceId[]>();
}
