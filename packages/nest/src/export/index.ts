export { csvCell } from './encode-csv.js';
export { EXPORT_CONTENT_TYPES, ResourceExport } from './resource-export.js';
