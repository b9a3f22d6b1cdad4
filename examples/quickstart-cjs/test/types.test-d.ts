// Type tests, checked by `npm run typecheck -w examples/quickstart-cjs` in this CommonJS project:
// what a read resolves to is what arrives. A to-one relation named in `fields` is never undefined,
// and a row the caller may not read is null, so `!== undefined` does not compile as a guard.
import type { ResourceItem } from '@facet/nest';
import { expectTypeOf } from 'vitest';
import type { orderLines } from '../src/shop/shop.resources';

type Line = ResourceItem<typeof orderLines>;

declare const resource: import('@facet/nest').ResourceOf<typeof orderLines>;

export async function reads(): Promise<void> {
  const page = await resource.query({ fields: 'id,quantity,product{name}' }, { trusted: true });
  expectTypeOf(page.items).toEqualTypeOf<
    { id: number; quantity: number; product: { name: string } | null }[]
  >();
  const [line] = page.items;
  // @ts-expect-error product may be null (hidden from the caller): checking for undefined is not enough
  if (line !== undefined && line.product !== undefined) void line.product.name;
  if (line?.product) void line.product.name;

  // The server's own where is the model's where-input: it may name any column, not a misspelt one.
  await resource.query({ fields: 'id' }, { trusted: true }, { where: { order: { customerId: 1 } } });
  // @ts-expect-error no column customerID on OrderLine's order
  await resource.query({ fields: 'id' }, { trusted: true }, { where: { order: { customerID: 1 } } });
}

// Unprojected, the optional to-one is absent when not loaded and null when hidden.
expectTypeOf<null>().toExtend<Line['product']>();
expectTypeOf<undefined>().toExtend<Line['product']>();
// Prices are exact strings on the wire.
expectTypeOf<NonNullable<Line['product']>['price']>().toEqualTypeOf<string>();
