// The workspace's DDL scripts use the engine behind @facet/nest's `facet-ddl` command, so the
// command users run is the one the committed .sql files come from.
export { DDL_PROVIDERS, generateDdl } from '../../packages/nest/bin/generate-ddl.js';
