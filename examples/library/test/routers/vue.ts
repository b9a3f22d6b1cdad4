// A Facet table whose URL state Vue Router writes and reads (createUrlStateAdapter's navigate/listen).

import { createUrlStateAdapter } from '@facet/client/table';
import { useTable } from '@facet/client/vue';
import { createApp, defineComponent, h } from 'vue';
import { createRouter, createWebHistory, RouterView } from 'vue-router';
import { tableOptions } from './shared.js';

const Books = defineComponent(() => {
  const table = useTable(
    tableOptions(
      createUrlStateAdapter({
        prefix: 'books',
        navigate: (url, mode) => void (mode === 'push' ? router.push(url) : router.replace(url)),
        listen: (listener) => router.afterEach(() => listener()),
      }),
    ),
  );
  return () => {
    const state = table.state.value;
    return h('section', [
      h('p', { 'data-testid': 'page' }, `${state.page} ${state.fetchStatus}`),
      h('button', { 'data-testid': 'next', onClick: () => table.nextPage() }, 'Next'),
      h('button', { 'data-testid': 'sort', onClick: () => table.toggleSort('title') }, 'Sort by title'),
      h(
        'ul',
        state.items.map((book) =>
          h('li', { key: book.id, 'data-testid': 'row', 'data-id': book.id }, book.title),
        ),
      ),
    ]);
  };
});

const router = createRouter({
  history: createWebHistory(),
  routes: [{ path: '/routers-vue.html', component: Books }],
});
window.routerProbe = { route: () => router.currentRoute.value.fullPath };

createApp({ render: () => h(RouterView) })
  .use(router)
  .mount('#root');
