// The framework-agnostic client. The adapters live at `@facet/client/vue` and `@facet/client/react`.
export * from './api/index.js';
export * from './autocomplete/index.js';
export * from './table/index.js';
