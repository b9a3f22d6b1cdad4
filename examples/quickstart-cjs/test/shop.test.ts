// The CommonJS quickstart as its users run it: compiled by tsc (module commonjs, decorator metadata),
// started as `node dist/main.js` (the packages' CommonJS builds, through `require`), and asked over
// HTTP what docs/getting-started.md claims: a hidden to-one row arrives as null, a route of your
// own reads the caller with @FacetRead() and narrows by a where of the server's own, OpenAPI comes
// from @Field alone and differs per role, read routes left out are not served, a refusal reads alike
// in fields and where, an app's own route keeps Nest's error body (class-validator's list), and the
// client (its CommonJS build) reaches the app through basePath and gives an autocomplete one value.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApiClient, createAutocompleteStore, useModuleApi } from '@facet/client';
import { freePort } from '@facet/test-support/net';
import { waitForServer } from '@facet/test-support/wait';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// A CommonJS project: __dirname and __filename, as in the app.
const root = join(__dirname, '..');
const resolve = createRequire(__filename).resolve;
let child: ChildProcess | undefined;
let output = '';
let origin: string;

beforeAll(async () => {
  execFileSync(process.execPath, [resolve('typescript/bin/tsc'), '-p', 'tsconfig.build.json'], {
    cwd: root,
    stdio: 'inherit',
  });
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  child = spawn(process.execPath, ['dist/main.js'], {
    cwd: root,
    env: { ...process.env, PORT: String(port) },
  });
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  await waitForServer(`${origin}/api/v1/products/count`, {
    child,
    name: 'the CJS quickstart',
    output: () => output,
  });
});
afterAll(() => {
  child?.kill();
});

async function get(path: string, token?: string) {
  const response = await fetch(`${origin}${path}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}
const items = (body: Record<string, unknown>) => body.items as Record<string, unknown>[];

describe('the CommonJS quickstart, compiled and started with node', () => {
  it('starts without a warning (a global ValidationPipe included)', () => {
    expect(output).toBe('');
  });

  it('sends a to-one row the caller may not read as null', async () => {
    const lines = await get(
      '/api/v1/order-lines?fields=id,quantity,product{name}&orderBy.id=asc',
      'customer-1',
    );
    expect(items(lines.body)).toEqual([
      { id: 1, quantity: 1, product: { name: 'Kettle' } },
      { id: 2, quantity: 2, product: null },
    ]);
    const staff = await get('/api/v1/order-lines?fields=id,product{name}&orderBy.id=asc', 'staff');
    expect(items(staff.body)[1]).toEqual({ id: 2, product: { name: 'Teapot (withdrawn)' } });
    // Another customer's lines are not there at all.
    expect(items((await get('/api/v1/order-lines?fields=id', 'customer-2')).body)).toEqual([{ id: 3 }]);
  });

  it('hides the staff-only cost price: asking for it is a 400, as for a misspelt field', async () => {
    const hidden = await get('/api/v1/products?fields=name,costPrice');
    const misspelt = await get('/api/v1/products?fields=name,costPrise');
    expect(hidden.status).toBe(400);
    expect(hidden.body.code).toBe(misspelt.body.code);
    expect(
      items((await get('/api/v1/products?fields=name,costPrice&orderBy.id=asc', 'staff')).body)[1],
    ).toEqual({
      name: 'Mug',
      costPrice: '2.1', // a Decimal's exact string (a mapper may format it: toFixed(2))
    });
  });

  it('words the refusal of a hidden field alike in fields and in where', async () => {
    const refusal = async (path: string) => {
      const { status, body } = await get(path);
      const issues = body.issues as { code: string; message: string }[];
      return { status, code: body.code, issues: issues.map(({ code, message }) => ({ code, message })) };
    };
    const fields = await refusal('/api/v1/products?fields=name,costPrice');
    expect(fields).toEqual({
      status: 400,
      code: 'unknown_key',
      issues: [{ code: 'unknown_key', message: 'field is not available' }],
    });
    expect(await refusal('/api/v1/products?where.costPrice.lt=5')).toEqual(fields);
    expect(await refusal('/api/v1/order-lines?fields=id,product{costPrice}')).toEqual(fields);
    expect(await refusal('/api/v1/order-lines?where.product.is.costPrice.lt=5')).toEqual(fields);
  });

  it('leaves out the read routes a controller turns off', async () => {
    for (const path of ['search', 'count', 'find-by-id/1', '1']) {
      const { status, body } = await get(`/api/v1/order-lines/${path}`, 'staff');
      expect(status, path).toBe(404);
      expect(body.code, path).toBe('not_found');
    }
    expect((await get('/api/v1/order-lines?fields=id', 'staff')).status).toBe(200);
    const paths = Object.keys((await get('/api/docs-json', 'staff')).body.paths as object);
    for (const left of ['search', 'count', 'find-by-id/{id}', '{id}']) {
      expect(paths, left).not.toContain(`/api/v1/order-lines/${left}`);
      expect(paths, left).toContain(`/api/v1/products/${left}`);
    }
    expect(paths).toContain('/api/v1/order-lines');
  });

  it('keeps the error body of a route of the app’s own, adding a code', async () => {
    const subscribe = async (body: object) => {
      const response = await fetch(`${origin}/api/v1/newsletter`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return { status: response.status, body: (await response.json()) as unknown };
    };
    expect(await subscribe({ email: 'nope', name: 7 })).toEqual({
      status: 400,
      body: {
        statusCode: 400,
        error: 'Bad Request',
        message: ['email must be an email', 'name must be a string'],
        code: 'bad_request',
      },
    });
    expect(await subscribe({ email: 'ada@example.test' })).toEqual({
      status: 202,
      body: { subscribed: 'ada@example.test' },
    });
  });

  it('is reached by the client through basePath, and its autocomplete holds one value', async () => {
    type Product = { id: number; name: string };
    // basePath replaces /api/<version>: the version given here is not used.
    const products = useModuleApi<Product>(
      createApiClient({ origin, basePath: '/api/v1' }, 'v9'),
      'products',
    );
    const page = await products.query({ fields: 'id,name', orderBy: { id: 'asc' } });
    expect(page.items).toEqual([
      { id: 1, name: 'Kettle' },
      { id: 2, name: 'Mug' },
    ]);
    const store = createAutocompleteStore({ resource: products, searchFields: ['name'] });
    const unsubscribe = store.subscribe(() => {});
    try {
      store.setValue([2]);
      await expect.poll(() => store.getState().selected.map((product) => product.name)).toEqual(['Mug']);
      expect(store.getState().value).toBe(2);
      expect(store.getState().values).toEqual([2]);
    } finally {
      unsubscribe();
      store.destroy();
    }
  });

  it('narrows a route of your own by the caller (@FacetRead) and a where of the server’s own', async () => {
    const mine = await get('/api/v1/me/orders?fields=id,customerId', 'customer-1');
    expect(items(mine.body)).toEqual([{ id: 1, customerId: 1 }]);
    // The client's where is ANDed: it cannot reach another customer's orders.
    expect(items((await get('/api/v1/me/orders?fields=id&where.customerId=2', 'customer-1')).body)).toEqual(
      [],
    );
    expect(items((await get('/api/v1/me/orders?fields=id')).body)).toEqual([]);
    // The clearance route filters by costPrice, which customers can neither see nor name.
    expect(items((await get('/api/v1/products/clearance?fields=name')).body)).toEqual([{ name: 'Mug' }]);
    expect((await get('/api/v1/products/clearance?where.costPrice.lt=100')).status).toBe(400);
  });

  it('writes OpenAPI response schemas from @Field alone, one document per role', async () => {
    const schema = async (token?: string) =>
      (
        (await get('/api/docs-json', token)).body.components as {
          schemas: Record<string, { properties: object }>;
        }
      ).schemas.ProductDto?.properties;
    expect(await schema()).toEqual({
      id: { type: 'integer' },
      name: { type: 'string' },
      price: expect.objectContaining({ type: 'string', format: 'decimal' }),
      active: { type: 'boolean' },
    });
    expect(await schema('staff')).toHaveProperty('costPrice');
  });

  it('answers refused queries with Facet’s error body', async () => {
    const { status, body } = await get('/api/v1/products?perPage=0');
    expect(status).toBe(400);
    expect(body).toMatchObject({ statusCode: 400, error: 'Bad Request', code: expect.any(String) });
  });

  it('commits the DDL facet-ddl writes from its schema', () => {
    const bin = resolve('@facet/nest/package.json').replace(/package\.json$/, 'bin/facet-ddl.js');
    const ddl = execFileSync(process.execPath, [bin, 'prisma/schema.prisma'], {
      cwd: root,
      encoding: 'utf8',
    });
    expect(readFileSync(join(root, 'prisma/postgres.sql'), 'utf8')).toBe(ddl);
  });
});

describe('the separate front end (web/, its own tsconfig without experimentalDecorators)', () => {
  const tsc = (config: object) => {
    const dir = mkdtempSync(join(tmpdir(), 'facet-web-'));
    writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify(config));
    try {
      execFileSync(process.execPath, [resolve('typescript/bin/tsc'), '-b', dir], {
        cwd: root,
        encoding: 'utf8',
      });
      return '';
    } catch (error) {
      return String((error as { stdout?: string }).stdout);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
  const web = { extends: join(root, 'web/tsconfig.json'), include: [join(root, 'web')] };

  it('type-checks against the server through a project reference', () => {
    expect(tsc({ ...web, references: [{ path: root }] })).toBe('');
  });

  it('fails with TS1240 without it, reading the DTOs’ decorated sources', () => {
    expect(tsc({ ...web, references: [] })).toContain('TS1240');
  });
});
