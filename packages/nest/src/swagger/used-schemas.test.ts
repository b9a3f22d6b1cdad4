import type { OpenAPIObject } from '@nestjs/swagger';
import { describe, expect, it } from 'vitest';
import { dropSchemasNoLongerUsed, usedSchemas } from './used-schemas.js';

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

describe('usedSchemas', () => {
  it('walks past members that are undefined (a document built in memory has them)', () => {
    const document = {
      openapi: '3.0.0',
      info: { title: 't', version: '1' },
      paths: {
        '/a': {
          post: {
            requestBody: { content: { 'application/json': { schema: ref('Body') } } },
            responses: { '200': { description: 'ok', content: undefined } },
          },
          get: { summary: undefined, responses: { '200': { description: 'ok', schema: ref('Item') } } },
        },
      },
      components: {
        schemas: { Body: { type: 'object', properties: { x: ref('Nested') } }, Item: {}, Nested: {} },
      },
    } as unknown as OpenAPIObject;
    expect([...usedSchemas(document)].sort()).toEqual(['Body', 'Item', 'Nested']);
    const before = usedSchemas(document);
    delete (document.paths['/a'] as Record<string, unknown>).post;
    dropSchemasNoLongerUsed(document, before);
    expect(Object.keys(document.components?.schemas ?? {})).toEqual(['Item']);
  });
});
