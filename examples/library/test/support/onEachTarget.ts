import { afterAll, beforeAll, describe } from 'vitest';
import { type JsonResponse, type Role, request } from './http.js';
import { type RunningLibrary, startLibrary } from './startLibrary.js';
import { checkTarget, createTargetDatabase, type TargetDatabase, type TargetName } from './targets.js';

/** The running app of one target, and a GET with a role's token. */
export interface TargetApp {
  readonly app: () => RunningLibrary;
  readonly get: <T = unknown>(path: string, role?: Role) => Promise<JsonResponse<T>>;
}

/**
 * Runs `body` once per database target (PGlite always; PostgreSQL when reachable, required in CI),
 * each against the real app started on its own fresh database, which is dropped afterwards.
 */
export async function onEachTarget(
  title: string,
  body: (target: TargetApp & { readonly name: TargetName }) => void,
  options: { readonly defaultRole?: Role } = {},
): Promise<void> {
  for (const name of ['pglite', 'postgresql'] as const satisfies readonly TargetName[]) {
    const availability = await checkTarget(name);
    describe.skipIf(!availability.available)(`${title} on ${name}`, () => {
      let db: TargetDatabase | undefined;
      let app: RunningLibrary | undefined;
      beforeAll(async () => {
        db = await createTargetDatabase(name);
        app = await startLibrary({ databaseOptions: { url: db.url } });
      }, 60_000);
      afterAll(async () => {
        await app?.close();
        await db?.drop();
      });
      const running = (): RunningLibrary => {
        if (app === undefined) throw new Error('the app has not started');
        return app;
      };
      body({
        name,
        app: running,
        get: (path, role = options.defaultRole ?? 'anonymous') => request(running().api, path, { role }),
      });
    });
    if (!availability.available) console.warn(`${title} on ${name} skipped: ${availability.reason}`);
  }
}
