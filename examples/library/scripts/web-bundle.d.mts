export declare function bundleWeb(options: {
  outdir: string;
  fromSource?: boolean;
  minify?: boolean;
}): Promise<void>;
export declare const sourceAlias: Readonly<Record<string, string>>;
export declare const browserBundle: Readonly<{
  bundle: true;
  format: 'esm';
  platform: 'browser';
  target: string[];
  jsx: 'automatic';
  logLevel: 'warning';
}>;
