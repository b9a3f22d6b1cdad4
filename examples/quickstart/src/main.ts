import { createApp } from './app.js';

const port = Number(process.env.PORT ?? 3001);
const app = await createApp();
// Closes the Prisma client (and the quickstart's PGlite) on Ctrl-C.
app.enableShutdownHooks();
await app.listen(port);
console.log(`Quickstart ready: http://localhost:${port}/api/v1/articles?fields=id,title`);
