import type { Server } from 'node:net';

export type Availability = { readonly available: true } | { readonly available: false; reason: string };

export declare const LOCALHOST: '127.0.0.1';
export declare function freePort(): Promise<number>;
export declare function originOf(server: Server): string;
export declare function listenLocally(server: Server): Promise<string>;
export declare function listenApp(app: {
  listen(port: number, host: string): Promise<unknown>;
  getHttpServer(): Server;
}): Promise<string>;
export declare function reachable(port: number, timeoutMs?: number): Promise<boolean>;
export declare function availableUnlessCi(ok: boolean, reason: string): Availability;
export declare function runId(): string;
