export declare function bundleWeb(options: {
  outdir: string;
  fromSource?: boolean;
  minify?: boolean;
}): Promise<void>;
