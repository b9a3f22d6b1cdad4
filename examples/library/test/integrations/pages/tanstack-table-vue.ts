// The Vue snippet of docs/client/tanstack-table.md as a page (tanstack-table-browser.test.ts).
import { mountBooksTable } from '../snippets/tanstack-table-vue.js';

mountBooksTable(document.getElementById('root') as HTMLElement);
