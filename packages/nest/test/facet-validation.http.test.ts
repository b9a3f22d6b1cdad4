// FacetValidationPipe over real HTTP on every platform: class-validator's refusals of a decoded
// QueryDTO come back with the same body as every other refusal of Facet (code, path, issues), one
// issue per distinct message, never echoing the value that was sent.
import { describe, expect, it } from 'vitest';
import { appsOnEveryPlatform, PLATFORMS } from './http-app.js';

const app = appsOnEveryPlatform();

// The same answers from @FacetQuery(QueryDTO) (Facet's one-pass check, while decoding) and from
// FacetValidationPipe behind the spec's QueryTransformPipe.
const ROUTES = ['/echo/strict', '/echo/validation-pipe'] as const;

describe.each(PLATFORMS.flatMap((platform) => ROUTES.map((route) => [platform, route] as const)))(
  'FacetValidationPipe on %s, %s',
  (platform, route) => {
    it('passes a valid query through as decoded', async () => {
      const response = await app(platform).get(`${route}?where.title.contains=dune&page=2&perPage=5`);
      expect(response).toEqual({
        status: 200,
        body: { where: { title: { contains: 'dune' } }, page: 2, perPage: 5 },
      });
    });

    it('answers a bad page with one issue naming the path, not two copies of the same message', async () => {
      const response = await app(platform).get(`${route}?page=abc`);
      expect(response.status).toBe(400);
      expect(response.body).toEqual({
        statusCode: 400,
        error: 'Bad Request',
        message: expect.stringContaining('page must be a positive integer'),
        code: 'invalid_value',
        path: 'page',
        issues: [{ code: 'invalid_value', path: 'page', message: 'page must be a positive integer' }],
      });
    });

    it('lists every offending parameter', async () => {
      const response = await app(platform).get(`${route}?page=0&perPage=1.5&where=x&bogus=1`);
      expect(response.status).toBe(400);
      const issues = (response.body as { issues: { path: string; code: string }[] }).issues;
      expect(Object.fromEntries(issues.map((issue) => [issue.path, issue.code]))).toEqual({
        page: 'invalid_value',
        perPage: 'invalid_value',
        where: 'invalid_value',
        bogus: 'unknown_key',
      });
      expect(issues).toHaveLength(4);
    });

    it('refuses an unknown parameter instead of dropping it', async () => {
      const response = await app(platform).get(`${route}?wher.title=x`);
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ code: 'unknown_key', path: 'wher' });
    });

    it('never echoes the value that was sent', async () => {
      const response = await app(platform).get(`${route}?perPage=secret-value-123&fields=1`);
      expect(response.status).toBe(400);
      expect(JSON.stringify(response.body)).not.toContain('secret-value-123');
    });
  },
);
