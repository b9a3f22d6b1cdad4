// @nestjs/swagger is an optional peer: the package root must load without it, while still reading
// @ApiProperty metadata by its reflect-metadata keys. Checked on the built package, with a child
// Node process in which resolving @nestjs/swagger fails, through both module formats.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const dist = fileURLToPath(new URL('../dist/', import.meta.url));
const built = existsSync(`${dist}esm/index.js`) && existsSync(`${dist}cjs/index.js`);
if (!built) console.warn('swagger optional-peer check skipped: run `npm run build -w @facet/nest` first');

// Makes `@nestjs/swagger` unresolvable for import and require, as if it were not installed.
const BLOCK = `
const { register } = require('node:module');
const Module = require('node:module');
const original = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  if (request === '@nestjs/swagger' || request.startsWith('@nestjs/swagger/')) {
    throw Object.assign(new Error('Cannot find module ' + request), { code: 'MODULE_NOT_FOUND' });
  }
  return original.call(this, request, ...rest);
};
register('data:text/javascript,' + encodeURIComponent(\`
  export async function resolve(specifier, context, next) {
    if (specifier === '@nestjs/swagger' || specifier.startsWith('@nestjs/swagger/')) {
      throw Object.assign(new Error('Cannot find package ' + specifier), { code: 'ERR_MODULE_NOT_FOUND' });
    }
    return next(specifier, context);
  }\`));
`;

function run(script: string): string {
  return execFileSync(process.execPath, ['--require', 'reflect-metadata', '-e', `${BLOCK}\n${script}`], {
    cwd: fileURLToPath(new URL('..', import.meta.url)),
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  }).trim();
}

describe.skipIf(!built)('@nestjs/swagger stays optional', () => {
  it('the root loads through require and import without it', () => {
    expect(run(`console.log(typeof require('./dist/cjs/index.js').prepareFieldsQuery)`)).toBe('function');
    expect(run(`import('./dist/esm/index.js').then((m) => console.log(typeof m.ResourceQuery))`)).toBe(
      'function',
    );
  }, 60_000);

  it('the block works: the swagger sub-path fails to load without it', () => {
    expect(() => run(`require('./dist/cjs/swagger/index.js')`)).toThrow(/@nestjs\/swagger/);
  }, 60_000);
});
