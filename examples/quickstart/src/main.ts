import { createApp } from './app.js';
import { serveOpenApi } from './openapi.js';

const port = Number(process.env.PORT ?? 3001);
const app = await createApp();
serveOpenApi(app);
// Closes the Prisma client (and the quickstart's PGlite) on Ctrl-C.
app.enableShutdownHooks();
await app.listen(port);
console.log(`Quickstart ready: http://localhost:${port}/api/v1/articles?fields=id,title`);
