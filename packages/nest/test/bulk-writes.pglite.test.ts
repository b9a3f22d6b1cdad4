import { bulkWritesSuite } from './bulk-writes.suite.js';

await bulkWritesSuite('pglite');
