import { writesSuite } from './writes.suite.js';

await writesSuite('pglite');
