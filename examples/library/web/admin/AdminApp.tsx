import { facetDataProvider } from '@facet/client/refine';
import { Refine } from '@refinedev/core';
import { useState } from 'react';
import { api, setRole } from '../api.js';
import { RoleSwitcher } from '../components/RoleSwitcher.js';
import { DEMO, loadRole, type RoleName, saveRole } from '../roles.js';
import { BookForm } from './BookForm.js';
import { BookList } from './BookList.js';
import { BookShow } from './BookShow.js';
import { GenreSummary } from './GenreSummary.js';
import { ReviewForm } from './ReviewForm.js';
import type { View } from './view.js';

const initialRole = loadRole();
setRole(initialRole);

// One provider for the page: the client's token follows the role switcher (api.ts).
const dataProvider = facetDataProvider(api);
const resources = [{ name: 'books' }, { name: 'reviews' }, { name: 'authors' }];

export function AdminApp() {
  const [role, setRoleState] = useState<RoleName>(initialRole);
  const [view, setView] = useState<View>({ name: 'list' });
  const changeRole = (next: RoleName) => {
    setRole(next);
    saveRole(next);
    setRoleState(next);
  };
  return (
    <main className="admin">
      <header>
        <h1>Library admin</h1>
        <p className="subtitle">
          Refine (headless) on <code>@facet/client/refine</code> · <a href="/">the catalogue page</a>
        </p>
        {DEMO && <RoleSwitcher role={role} onChange={changeRole} />}
      </header>
      {/* A new role is a new caller: remounting drops Refine's cache of the old one's answers. */}
      <Refine
        key={role}
        dataProvider={dataProvider}
        resources={resources}
        options={{ disableTelemetry: true }}
      >
        <nav className="admin-nav">
          <button type="button" onClick={() => setView({ name: 'list' })} data-testid="nav-list">
            Books
          </button>
          <button
            type="button"
            onClick={() => setView({ name: 'book-create' })}
            data-testid="nav-book-create"
          >
            New draft book
          </button>
        </nav>
        {view.name === 'list' && <GenreSummary />}
        {view.name === 'list' && <BookList onShow={(id) => setView({ name: 'show', id })} />}
        {view.name === 'show' && <BookShow id={view.id} onNavigate={setView} />}
        {view.name === 'book-create' && <BookForm onDone={(id) => setView({ name: 'show', id })} />}
        {view.name === 'book-edit' && (
          <BookForm id={view.id} onDone={(id) => setView({ name: 'show', id })} />
        )}
        {view.name === 'review-create' && (
          <ReviewForm bookId={view.bookId} onDone={() => setView({ name: 'show', id: view.bookId })} />
        )}
        {view.name === 'review-edit' && (
          <ReviewForm
            id={view.id}
            bookId={view.bookId}
            onDone={() => setView({ name: 'show', id: view.bookId })}
          />
        )}
      </Refine>
    </main>
  );
}
