/** What an adapter needs from a store: both stores fit. */
export interface BridgeableStore<TState, TOptions> {
  getState(): TState;
  subscribe(listener: () => void): () => void;
  setOptions(options: TOptions): void;
  destroy(): void;
}
