import 'reflect-metadata';
import { Controller, Get, Module, Query, UnprocessableEntityException } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { describe, expect, it } from 'vitest';
import { FacetQueryException } from '../errors/facet-query.exception.js';
import { parseQueryObject } from './parse-query-object.js';
import { QUERY_TRANSFORM_OPTIONS } from './query-transform.options.js';
import { QueryTransformPipe } from './query-transform.pipe.js';

const QUERY = { type: 'query', data: undefined } as const;

describe('QueryTransformPipe', () => {
  it('decodes a whole query and passes anything else through', () => {
    const pipe = new QueryTransformPipe();
    expect(pipe.transform({ 'where.a': '1', 'where.b': 'x' }, QUERY)).toEqual({ where: { a: 1, b: 'x' } });
    const body = { 'where.a': '1' };
    expect(pipe.transform(body, { type: 'body' })).toBe(body);
    expect(pipe.transform('1', { type: 'query', data: 'page' })).toBe('1');
    expect(pipe.transform(undefined, QUERY)).toEqual({});
  });

  it('throws a FacetQueryException naming the key, or what exceptionFactory builds', () => {
    const error = (() => {
      try {
        new QueryTransformPipe().transform({ 'a.__proto__.b': '1' }, QUERY);
      } catch (caught) {
        return caught;
      }
    })();
    expect(error).toBeInstanceOf(FacetQueryException);
    expect((error as FacetQueryException).getResponse()).toMatchObject({
      code: 'prototype_key',
      path: 'a.__proto__',
    });
    const custom = new QueryTransformPipe({
      exceptionFactory: (cause) => new UnprocessableEntityException(cause.path),
    });
    expect(() => custom.transform({ 'a.constructor': '1' }, QUERY)).toThrow(UnprocessableEntityException);
  });

  it('applies decode limits given as options', () => {
    const pipe = new QueryTransformPipe({ maxDepth: 2 });
    expect(() => pipe.transform({ 'a.b.c': '1' }, QUERY)).toThrow(FacetQueryException);
    expect(pipe.transform({ 'a.b': '1' }, QUERY)).toEqual({ a: { b: 1 } });
    expect(() => parseQueryObject('a.b.c=1', { maxDepth: 2 })).toThrow(FacetQueryException);
  });

  it('is created through DI, with and without the options provider', async () => {
    @Controller()
    class TestController {
      @Get()
      read(@Query(QueryTransformPipe) query: unknown) {
        return query;
      }
    }
    @Module({ controllers: [TestController], providers: [QueryTransformPipe] })
    class WithoutOptions {}
    @Module({
      controllers: [TestController],
      providers: [QueryTransformPipe, { provide: QUERY_TRANSFORM_OPTIONS, useValue: { maxKeys: 1 } }],
    })
    class WithOptions {}

    const plain = await Test.createTestingModule({ imports: [WithoutOptions] }).compile();
    expect(plain.get(QueryTransformPipe).transform({ a: '1', b: '2' }, QUERY)).toEqual({ a: 1, b: 2 });
    const limited = await Test.createTestingModule({ imports: [WithOptions] }).compile();
    expect(() => limited.get(QueryTransformPipe).transform({ a: '1', b: '2' }, QUERY)).toThrow(
      FacetQueryException,
    );
  });
});
