export declare function checkLinks(name: string, markdown: string): string[];
export declare function checkProvenance(manifest: Record<string, unknown>, directory: string): string[];
