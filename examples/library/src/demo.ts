// Demo mode: the web page's role switcher and the fixture's bearer tokens it sends.
//
// The tokens are never part of the built page (web/ holds none). In demo mode the server writes
// them into the HTML it serves; otherwise it serves the static files untouched, so a deploy that
// is not a demo has no token anywhere in what it sends, whatever bundle it was built with.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { INestApplication } from '@nestjs/common';
import { type LibraryFixture, loadFixture } from './database/index.js';

/** The environment variable that turns demo mode on (`1`) or off (`0`) whatever the database. */
export const DEMO_ENV = 'FACET_DEMO';

/** The id of the JSON data block web/demo.ts reads; keep the two in step. */
export const DEMO_ELEMENT_ID = 'facet-demo';

const ON = new Set(['1', 'true', 'on', 'yes']);
const OFF = new Set(['0', 'false', 'off', 'no']);

/**
 * `FACET_DEMO` when set; otherwise on for embedded PGlite (what `npm start` runs) and off as soon as
 * `DATABASE_URL` names a server, because a real server is where a deploy that is not a demo runs.
 * An unrecognised value is an error rather than a guess in either direction.
 */
export function demoModeFromEnv(env: Readonly<Record<string, string | undefined>>): boolean {
  const value = env[DEMO_ENV]?.trim().toLowerCase();
  if (value === undefined || value === '') return !env.DATABASE_URL;
  if (ON.has(value)) return true;
  if (OFF.has(value)) return false;
  throw new RangeError(`${DEMO_ENV} must be 1 (demo mode on) or 0 (off), got "${env[DEMO_ENV]}"`);
}

export interface DemoRole {
  role: LibraryFixture['users'][number]['role'];
  token: string;
}

/**
 * One token per role, from the fixture file rather than the users table: demo mode then publishes
 * only tokens that are public in the repository already, never those of users added on a server.
 */
export function demoRoles(fixture: LibraryFixture = loadFixture()): DemoRole[] {
  const byRole = new Map<DemoRole['role'], string>();
  for (const user of fixture.users) if (!byRole.has(user.role)) byRole.set(user.role, user.token);
  return [...byRole].map(([role, token]) => ({ role, token }));
}

/** JSON that cannot end the `<script>` element it sits in (`</script>`, `<!--`). */
function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

/**
 * Serves `<webDir>/index.html` with the demo roles in a JSON data block (never executed, so no
 * script policy is involved). Registered before the static files, which then serve everything else.
 */
export function serveDemoPage(app: INestApplication, webDir: string, roles: readonly DemoRole[]): void {
  const block = `<script type="application/json" id="${DEMO_ELEMENT_ID}">${scriptSafeJson({ roles })}</script>`;
  // Through Nest's adapter, so the same code serves on Express and on Fastify.
  const http = app.getHttpAdapter();
  // The catalogue page, and the admin page (web/admin) where the bundle has one.
  for (const [file, paths] of [
    ['index.html', ['/', '/index.html']],
    ['admin.html', ['/admin.html']],
  ] as const) {
    if (file !== 'index.html' && !existsSync(join(webDir, file))) continue;
    const template = readFileSync(join(webDir, file), 'utf8');
    if (!template.includes('</head>')) throw new Error(`${webDir}/${file} has no </head>`);
    const page = template.replace('</head>', `    ${block}\n  </head>`);
    const send = (_request: unknown, response: unknown) => {
      // The tokens must not outlive demo mode in a browser or proxy cache.
      http.setHeader(response, 'cache-control', 'no-store');
      http.setHeader(response, 'content-type', 'text/html; charset=utf-8');
      http.reply(response, page, 200);
    };
    for (const path of paths) http.get(path, send);
  }
}
