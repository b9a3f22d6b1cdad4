export declare const BLOB_BASE: string;
export declare const SHIPPED_DOCUMENTS: Readonly<Record<string, string>>;
export declare function linkTargets(markdown: string): string[];
export declare function relativeLinks(markdown: string): string[];
export declare function absoluteLinks(markdown: string, fromDir: string): string;
export declare function prepare(packageDir: string): void;
export declare function restore(packageDir: string): void;
