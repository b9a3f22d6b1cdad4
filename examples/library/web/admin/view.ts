/** What the admin page shows: its own small router, so the page needs no router package. */
export type View =
  | { readonly name: 'list' }
  | { readonly name: 'show'; readonly id: number }
  | { readonly name: 'book-create' }
  | { readonly name: 'book-edit'; readonly id: number }
  | { readonly name: 'review-create'; readonly bookId: number }
  | { readonly name: 'review-edit'; readonly id: string; readonly bookId: number };
