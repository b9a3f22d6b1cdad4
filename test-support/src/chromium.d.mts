import type { Browser, LaunchOptions } from 'playwright-core';

export declare const CHROMIUM_PATH: string;
export declare const CHROMIUM_ARGS: readonly string[];
export declare function chromiumAvailable(label: string): boolean;
export declare function launchChromium(options?: LaunchOptions): Promise<Browser>;
