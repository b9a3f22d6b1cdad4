import { createApp } from './app.js';
import { openDatabase } from './database.js';

const port = Number(process.env.PORT ?? 3001);
const database = await openDatabase();
const app = await createApp(database.prisma);
await app.listen(port);
console.log(`Quickstart ready: http://localhost:${port}/api/v1/articles?fields=id,title`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void app
      .close()
      .then(() => database.close())
      .finally(() => process.exit(0));
  });
}
