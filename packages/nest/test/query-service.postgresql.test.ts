import { queryServiceSuite } from './query-service.suite.js';

await queryServiceSuite('postgresql');
