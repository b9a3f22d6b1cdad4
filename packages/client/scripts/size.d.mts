export interface SizeResult {
  name: string;
  minified: number;
  gzipped: number;
  budget: number | null;
  imports: string[];
  /** The client's source files bundled, relative to src/. */
  inputs: string[];
}
export declare const SIZE_BUDGETS: Readonly<
  Record<
    'api' | 'table' | 'autocomplete' | 'vue' | 'react' | 'tanstack' | 'refine' | 'tanstack-table',
    number | null
  >
>;
export declare const PEERS: readonly string[];
export declare const ISOLATED: Readonly<Record<'refine' | 'tanstack-table', readonly string[]>>;
export declare function measureSizes(names?: readonly string[]): Promise<SizeResult[]>;
export declare function describeSize(row: SizeResult): string;
