// The admin page (admin.html): the same API, driven by Refine (headless) through
// @facet/client/refine, with the list on @refinedev/react-table and TanStack Table.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AdminApp } from './AdminApp.js';

const root = document.getElementById('root');
if (!root) throw new Error('admin.html lacks #root');
createRoot(root).render(
  <StrictMode>
    <AdminApp />
  </StrictMode>,
);
