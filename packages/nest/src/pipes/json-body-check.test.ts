import { FacetQueryError } from '@facet/core';
import { describe, expect, it } from 'vitest';
import { findJsonBodyIssue } from './json-body-check.js';
import { RefusePrototypeKeysPipe } from './refuse-prototype-keys.pipe.js';

const nestedObjects = (depth: number, inner: string) =>
  `${'{"a":'.repeat(depth)}${inner}${'}'.repeat(depth)}`;

describe('findJsonBodyIssue', () => {
  it('finds a prototype key at any depth within the limit, with its path', () => {
    for (const key of ['__proto__', 'constructor', 'prototype']) {
      const body = JSON.parse(`{"x":[1,${nestedObjects(28, `{"${key}":{"polluted":true}}`)}]}`);
      expect(findJsonBodyIssue(body)).toEqual({
        code: 'prototype_key',
        path: ['x', 1, ...Array(28).fill('a'), key],
        message: 'This key is not allowed.',
      });
    }
  });

  it('refuses nesting past the limit, however deep, without using the call stack', () => {
    for (const text of [`${'['.repeat(200_000)}${']'.repeat(200_000)}`, nestedObjects(200_000, '1')]) {
      expect(findJsonBodyIssue(JSON.parse(text))).toMatchObject({ code: 'too_deep', limit: 32 });
    }
    expect(findJsonBodyIssue(JSON.parse(nestedObjects(31, '{}')))).toBeUndefined();
    expect(findJsonBodyIssue(JSON.parse(nestedObjects(32, '{}')))).toMatchObject({
      code: 'too_deep',
      path: Array(32).fill('a'),
    });
    expect(findJsonBodyIssue(JSON.parse(nestedObjects(5, '[]')), 5)).toMatchObject({ code: 'too_deep' });
    expect(findJsonBodyIssue(JSON.parse(nestedObjects(5, '1')), 5)).toBeUndefined();
  });

  it('passes wide, shallow and scalar bodies', () => {
    const wide = Object.fromEntries(Array.from({ length: 5000 }, (_, i) => [`k${i}`, [i, { v: `${i}` }]]));
    expect(findJsonBodyIssue(wide)).toBeUndefined();
    for (const body of [null, 1, 'text', [], {}, undefined]) expect(findJsonBodyIssue(body)).toBeUndefined();
  });
});

describe('RefusePrototypeKeysPipe', () => {
  it('refuses a deep body and a deep prototype key with a FacetQueryError that names the issue', () => {
    const pipe = new RefusePrototypeKeysPipe();
    const refusal = (body: unknown) => {
      try {
        pipe.transform(body);
      } catch (error) {
        expect(error).toBeInstanceOf(FacetQueryError);
        return { code: (error as FacetQueryError).code };
      }
      throw new Error('expected a refusal');
    };
    expect(refusal(JSON.parse(`[${'['.repeat(20_000)}${']'.repeat(20_000)}]`))).toMatchObject({
      code: 'too_deep',
    });
    expect(refusal(JSON.parse(nestedObjects(40, '{"__proto__":{}}')))).toMatchObject({
      code: 'too_deep',
    });
    expect(refusal(JSON.parse(nestedObjects(31, '{"__proto__":{}}')))).toMatchObject({
      code: 'prototype_key',
    });
    const clean = { title: 'x', tags: [{ a: 1 }] };
    expect(pipe.transform(clean)).toBe(clean);
  });
});
