export declare function bundleWeb(options: {
  outdir: string;
  fromSource?: boolean;
  minify?: boolean;
}): Promise<void>;
export declare const sourceAlias: Readonly<Record<string, string>>;
