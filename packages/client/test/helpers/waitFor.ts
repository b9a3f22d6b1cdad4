/** Something with a snapshot and a subscription: both stores fit. */
interface Observable<TState> {
  getState(): TState;
  subscribe(listener: () => void): () => void;
}

/**
 * Resolves with the first snapshot that satisfies `predicate`. It subscribes like a UI would (which
 * starts the store's work) and unsubscribes when done; vitest's test timeout catches a hang.
 */
export function stateWhere<TState>(
  store: Observable<TState>,
  predicate: (state: TState) => boolean,
): Promise<TState> {
  return new Promise((resolve) => {
    const check = () => {
      const state = store.getState();
      if (!predicate(state)) return false;
      queueMicrotask(() => unsubscribe());
      resolve(state);
      return true;
    };
    const unsubscribe = store.subscribe(() => void check());
    check();
  });
}
