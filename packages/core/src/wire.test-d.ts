import { expectTypeOf, test } from 'vitest';
import type { PageMeta } from './types.js';
import type { PageMetaField } from './wire.js';

test('PAGE_META_FIELDS lists every field of PageMeta, and nothing else', () => {
  expectTypeOf<PageMetaField>().toEqualTypeOf<keyof PageMeta>();
});
