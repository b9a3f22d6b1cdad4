import { resourceAggregateSuite } from './resource-aggregate.suite.js';

await resourceAggregateSuite('postgresql');
