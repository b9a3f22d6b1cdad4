import type { ChildProcess } from 'node:child_process';

export declare function waitUntil(
  condition: () => boolean | Promise<boolean>,
  options?: { timeoutMs?: number; intervalMs?: number; what?: string },
): Promise<number>;

export declare function waitForServer(
  url: string,
  options?: {
    child?: ChildProcess;
    ready?: (response: Response) => boolean | Promise<boolean>;
    timeoutMs?: number;
    intervalMs?: number;
    name?: string;
    output?: () => string;
  },
): Promise<Response>;
