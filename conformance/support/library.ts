// The example app (examples/library) as `npm start` builds it, on in-memory PGlite with its fixture,
// importing @facet/* from their dist/ like any application: the routes of spec 4.7 and the server
// the client rows talk to.
import { listenApp } from '@facet/test-support/net';
import { createLibraryApp, type LibraryApp } from '../../examples/library/src/app.js';
import { type LibraryFixture, loadFixture } from '../../examples/library/src/database/index.js';

export interface RunningLibrary extends LibraryApp {
  /** `http://127.0.0.1:<port>` */
  readonly origin: string;
  readonly fixture: LibraryFixture;
}

/** The fixture's bearer tokens by role. */
export function tokenOf(fixture: LibraryFixture, role: 'admin' | 'editor' | 'reader'): string {
  const user = fixture.users.find((candidate) => candidate.role === role);
  if (user === undefined) throw new Error(`the fixture has no ${role}`);
  return user.token;
}

export async function startLibrary(): Promise<RunningLibrary> {
  const library = await createLibraryApp({ logger: false });
  return { ...library, origin: await listenApp(library.app), fixture: loadFixture() };
}
