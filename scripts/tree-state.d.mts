export declare function treeState(root: string): Map<string, string> | null;
export declare function treeChanges(before: Map<string, string>, after: Map<string, string>): string[];
