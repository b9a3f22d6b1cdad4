import type { FilterValue, RangeValue } from '@facet/client/table';

// `Array.isArray` does not narrow readonly arrays away, hence a guard of our own.
export const isRange = (value: FilterValue | undefined): value is RangeValue =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

export const asRange = (value: FilterValue | undefined): RangeValue => (isRange(value) ? value : {});
