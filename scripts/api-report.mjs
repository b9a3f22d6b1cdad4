// API reports: one `packages/<name>/api/*.api.md` per entry point in each package's `exports`.
//   node scripts/api-report.mjs --check   fails when a report is out of date (`npm run api:check`)
//   node scripts/api-report.mjs --update  rewrites the reports (`npm run api:update`)
// Needs `npm run build` first: API Extractor reads the shipped .d.ts files, not src.
//
// Each entry point is analysed twice, from dist/esm and from dist/cjs: the two .d.ts trees are
// emitted from one source with different module settings, and both must describe the same API.
// The ESM run writes the report (in --update) or compares it (in --check); the CJS run always
// compares, so a surface that differs between `import` and `require` fails in both modes.
// A forgotten export (a type a signature names that the entry point does not export) fails both
// modes too (api-extractor.json makes `ae-forgotten-export` an error).
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const { Extractor, ExtractorConfig } = require('@microsoft/api-extractor');

const mode = process.argv[2];
if (mode !== '--check' && mode !== '--update') {
  console.error('usage: node scripts/api-report.mjs --check | --update');
  process.exit(2);
}

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const baseConfigPath = join(root, 'api-extractor.json');
const packages = ['core', 'client', 'nest'];

/** `.` → `core`, `./casl` → `nest-casl`: the report's file name without `.api.md`. */
function reportName(unscopedName, subpath) {
  return subpath === '.' ? unscopedName : `${unscopedName}-${subpath.slice(2).replaceAll('/', '-')}`;
}

function run({ packageFolder, entryPoint, reportFileName, localBuild }) {
  const configObject = ExtractorConfig.loadFile(baseConfigPath);
  configObject.projectFolder = packageFolder;
  configObject.mainEntryPointFilePath = entryPoint;
  configObject.compiler.overrideTsconfig.files = [entryPoint];
  configObject.apiReport.reportFileName = reportFileName;
  const config = ExtractorConfig.prepare({
    configObject,
    configObjectFullPath: baseConfigPath,
    packageJsonFullPath: join(packageFolder, 'package.json'),
  });
  const messages = [];
  let forgotten = 0;
  const result = Extractor.invoke(config, {
    localBuild,
    printApiReportDiff: !localBuild,
    // Quiet unless something is wrong: keep the messages and print them on failure.
    messageCallback: (message) => {
      if (message.logLevel === 'error' || message.logLevel === 'warning') {
        messages.push(message.formatMessageWithLocation(packageFolder));
        if (message.messageId === 'ae-forgotten-export') forgotten++;
      }
      message.handled = true;
    },
  });
  return { result, messages, forgotten };
}

let failures = 0;
for (const name of packages) {
  const packageFolder = join(root, 'packages', name);
  const pkg = JSON.parse(readFileSync(join(packageFolder, 'package.json'), 'utf8'));
  const expected = new Set();
  for (const [subpath, target] of Object.entries(pkg.exports)) {
    if (typeof target !== 'object') continue; // ./package.json
    const reportFileName = reportName(name, subpath);
    const report = `packages/${name}/api/${reportFileName}.api.md`;
    expected.add(`${reportFileName}.api.md`);
    if (mode === '--update') mkdirSync(join(packageFolder, 'api'), { recursive: true });
    const variants = [
      { format: 'esm', types: target.import.types, localBuild: mode === '--update' },
      { format: 'cjs', types: target.require.types, localBuild: false },
    ];
    for (const { format, types, localBuild } of variants) {
      const entryPoint = join(packageFolder, types);
      const { result, messages, forgotten } = run({ packageFolder, entryPoint, reportFileName, localBuild });
      const label = `${pkg.name}${subpath === '.' ? '' : subpath.slice(1)} (${format})`;
      if (result.succeeded) {
        const note = localBuild && result.apiReportChanged ? `updated ${report}` : report;
        console.log(`ok    ${label}: ${note}`);
        continue;
      }
      failures++;
      console.log(`FAIL  ${label}: ${report}`);
      for (const line of messages) console.log(`      ${line}`);
      if (forgotten > 0) {
        console.log(
          `      ${forgotten} type(s) named by this entry point's API but not exported by it: export`,
        );
        console.log('      each from the entry point (a type shared by two entry points from both), or');
        console.log('      change the signature if the type is internal.');
      }
      if (!existsSync(join(root, report))) {
        console.log('      The report is missing: run `npm run api:update` and commit it.');
      } else if (result.apiReportChanged && format === 'esm' && mode === '--check') {
        console.log('      The public API changed. If the change is deliberate, run `npm run api:update`');
        console.log('      and commit the report with the change.');
      } else if (result.apiReportChanged) {
        console.log('      The CommonJS .d.ts describe a different API than the ESM ones (see the build).');
      }
      break; // the CJS run only adds news when the ESM one passed
    }
  }
  // A report whose entry point left `exports` would otherwise lie about the surface forever.
  const apiFolder = join(packageFolder, 'api');
  const stale = existsSync(apiFolder) ? readdirSync(apiFolder).filter((file) => !expected.has(file)) : [];
  for (const file of stale) {
    failures++;
    console.log(`FAIL  packages/${name}/api/${file}: no entry point in \`exports\` writes it; delete it`);
  }
}
console.log(failures ? `\n${failures} API report check(s) failed` : '\nAPI reports are up to date');
process.exit(failures ? 1 : 0);
