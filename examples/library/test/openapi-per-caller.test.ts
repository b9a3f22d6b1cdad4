// The OpenAPI document a caller receives describes only what that caller may see and do: the
// staff-only `Book.internalNote` is in no query parameter and no response schema of an anonymous
// caller's or a reader's document, and in an editor's and an admin's; the routes a role may not use
// are left out; `Author.email` and `User.token` are in no one's. Run on Express and Fastify.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request, TOKENS } from './support/http.js';
import { type RunningLibrary, startLibrary } from './support/startLibrary.js';

type Document = {
  paths: Record<string, Record<string, unknown>>;
  components: { schemas: Record<string, { properties?: Record<string, unknown>; required?: string[] }> };
};

/** Every property name any schema of the document declares, at any depth. */
function propertyNames(document: unknown): Set<string> {
  const names = new Set<string>();
  const pending: unknown[] = [document];
  for (let value = pending.pop(); value !== undefined; value = pending.pop()) {
    if (Array.isArray(value)) pending.push(...value);
    else if (typeof value === 'object' && value !== null) {
      const { properties } = value as { properties?: unknown };
      if (typeof properties === 'object' && properties !== null) {
        for (const name of Object.keys(properties)) names.add(name);
      }
      pending.push(...Object.values(value));
    }
  }
  return names;
}

const operations = (document: Document) =>
  Object.entries(document.paths).flatMap(([path, item]) =>
    Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`),
  );

describe('the API document per caller', () => {
  let app: RunningLibrary;
  beforeAll(async () => {
    app = await startLibrary({ demo: true });
  });
  afterAll(async () => {
    await app?.close();
  });

  const documentOf = async (headers: Record<string, string> = {}) => {
    const response = await request<Document>(app.origin, '/api/docs-json', { headers });
    expect(response.status).toBe(200);
    return { document: response.body, text: response.text };
  };
  const bearer = (role: keyof typeof TOKENS) => ({ authorization: `Bearer ${TOKENS[role]}` });

  it('an anonymous caller and a reader find internalNote nowhere, neither in queries nor in responses', async () => {
    for (const headers of [
      {},
      bearer('reader'),
      { authorization: 'Bearer not-a-token' },
      { authorization: 'Basic x' },
    ]) {
      const { document, text } = await documentOf(headers);
      expect(text.includes('internalNote'), JSON.stringify(headers)).toBe(false);
      expect(Object.keys(document.components.schemas.BookDto?.properties ?? {})).toEqual(
        expect.arrayContaining(['id', 'title', 'author', 'reviews']),
      );
      expect(document.paths['/api/v1/books']).toHaveProperty('get');
    }
    const ui = await request(app.origin, '/api/docs/swagger-ui-init.js');
    expect(ui.status).toBe(200);
    expect(ui.text.includes('internalNote')).toBe(false);
  });

  it('an editor and an admin find it in the response schema and in the query parameters', async () => {
    for (const role of ['editor', 'admin'] as const) {
      const { document } = await documentOf(bearer(role));
      expect(document.components.schemas.BookDto?.properties, role).toHaveProperty('internalNote');
      for (const input of ['BookDtoWhereInput', 'BookDtoOrderByInput', 'BookDtoSelect']) {
        expect(document.components.schemas[input]?.properties, `${role} ${input}`).toHaveProperty(
          'internalNote',
        );
      }
      const fields = JSON.stringify(document.paths['/api/v1/books']);
      expect(fields).toContain('internalNote');
    }
  });

  it('names Author.email and User.token in no one’s document', async () => {
    for (const headers of [{}, bearer('reader'), bearer('editor'), bearer('admin')]) {
      const names = propertyNames((await documentOf(headers)).document);
      expect(names.has('title')).toBe(true);
      expect(names.has('email')).toBe(false);
      expect(names.has('token')).toBe(false);
    }
  });

  it('lists the routes each role may use: writes for staff only, deletes for admins only', async () => {
    const of = async (headers: Record<string, string>) => operations((await documentOf(headers)).document);
    const [anonymous, reader, editor, admin] = await Promise.all([
      of({}),
      of(bearer('reader')),
      of(bearer('editor')),
      of(bearer('admin')),
    ]);
    for (const reads of [anonymous, reader]) {
      expect(reads).toContain('GET /api/v1/books/{id}');
      expect(reads).toContain('GET /api/v1/books/stats/summary');
      expect(reads.filter((op) => !op.startsWith('GET '))).toEqual([]);
    }
    expect(editor).toEqual(expect.arrayContaining(['POST /api/v1/books', 'PATCH /api/v1/books/{id}']));
    expect(editor).not.toContain('DELETE /api/v1/books/{id}');
    expect(admin).toEqual(
      expect.arrayContaining(['POST /api/v1/books', 'PATCH /api/v1/books/{id}', 'DELETE /api/v1/books/{id}']),
    );
    expect(admin.length).toBe(anonymous.length + 3);
    // The write bodies are in no reader's document either.
    const { text } = await documentOf(bearer('reader'));
    expect(text.includes('CreateBookDto')).toBe(false);
  });
});
