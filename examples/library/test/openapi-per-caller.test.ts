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

  it('lists the writes each role may make: reviews for every signed-in caller, books for staff, deletes of books for admins', async () => {
    const of = async (headers: Record<string, string>) => operations((await documentOf(headers)).document);
    const [anonymous, reader, editor, admin] = await Promise.all([
      of({}),
      of(bearer('reader')),
      of(bearer('editor')),
      of(bearer('admin')),
    ]);
    expect(anonymous).toContain('GET /api/v1/books/{id}');
    expect(anonymous).toContain('GET /api/v1/books/stats/summary');
    expect(anonymous.filter((op) => !op.startsWith('GET '))).toEqual([]);
    const reviewWrites = [
      'POST /api/v1/reviews',
      'PATCH /api/v1/reviews/{id}',
      'DELETE /api/v1/reviews/{id}',
    ];
    expect(reader.filter((op) => !op.startsWith('GET ')).sort()).toEqual([...reviewWrites].sort());
    expect(editor.filter((op) => !op.startsWith('GET ')).sort()).toEqual(
      [...reviewWrites, 'POST /api/v1/books', 'PATCH /api/v1/books/{id}'].sort(),
    );
    expect(admin.filter((op) => !op.startsWith('GET ')).sort()).toEqual(
      [...reviewWrites, 'POST /api/v1/books', 'PATCH /api/v1/books/{id}', 'DELETE /api/v1/books/{id}'].sort(),
    );
    expect(admin.length).toBe(anonymous.length + 6);
    // The book bodies are in no reader's document.
    const { text } = await documentOf(bearer('reader'));
    expect(text.includes('CreateBookDto')).toBe(false);
  });

  it("documents each write's body and its 4xx answers, with only the fields the caller may write", async () => {
    type Operation = {
      requestBody?: { content: Record<string, { schema: { $ref?: string } }> };
      responses: Record<string, { description?: string; content?: unknown }>;
      parameters?: { name: string; in: string }[];
    };
    const bodyOf = (operation: Operation) =>
      operation.requestBody?.content['application/json']?.schema.$ref?.replace('#/components/schemas/', '');
    for (const role of ['editor', 'admin'] as const) {
      const { document } = await documentOf(bearer(role));
      const paths = document.paths as Record<string, Record<string, Operation>>;
      const create = paths['/api/v1/books']!.post!;
      const update = paths['/api/v1/books/{id}']!.patch!;
      expect(bodyOf(create)).toBe('CreateBookDto');
      expect(bodyOf(update)).toBe('PartialCreateBookDto');
      expect(Object.keys(create.responses)).toEqual(
        expect.arrayContaining(['201', '204', '400', '401', '403', '409']),
      );
      expect(Object.keys(update.responses)).toEqual(
        expect.arrayContaining(['200', '204', '400', '401', '403', '404', '409', '412']),
      );
      expect(update.parameters?.map((parameter) => `${parameter.in} ${parameter.name}`)).toEqual(
        expect.arrayContaining(['header If-Match', 'query fields']),
      );
      const schemas = document.components.schemas;
      // Editors read the staff note but may not write it: not in their bodies, in the admin's.
      expect(Object.keys(schemas.CreateBookDto!.properties!).includes('internalNote'), role).toBe(
        role === 'admin',
      );
      expect(Object.keys(schemas.PartialCreateBookDto!.properties!).includes('internalNote'), role).toBe(
        role === 'admin',
      );
      expect(schemas.CreateBookDto!.required).toEqual(expect.arrayContaining(['isbn', 'title', 'authorId']));
      expect(schemas.PartialCreateBookDto!.required ?? []).toEqual([]);
    }
    const { document } = await documentOf(bearer('reader'));
    const paths = document.paths as Record<string, Record<string, Operation>>;
    expect(bodyOf(paths['/api/v1/reviews']!.post!)).toBe('CreateReviewDto');
    expect(bodyOf(paths['/api/v1/reviews/{id}']!.patch!)).toBe('UpdateReviewDto');
    expect(Object.keys(document.components.schemas.CreateReviewDto!.properties!).sort()).toEqual([
      'body',
      'bookId',
      'rating',
    ]);
    expect(Object.keys(paths['/api/v1/reviews/{id}']!.delete!.responses)).toEqual(
      expect.arrayContaining(['200', '401', '403', '404', '412']),
    );
  });
});
