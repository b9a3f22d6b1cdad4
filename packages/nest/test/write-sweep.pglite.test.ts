import { writeSweepSuite } from './write-sweep.suite.js';

await writeSweepSuite('pglite');
