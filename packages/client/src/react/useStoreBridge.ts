import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import type { BridgeableStore } from '../shared/bridge.js';

/**
 * Connects a core store to React: created once, read through `useSyncExternalStore`, and given new
 * options from an effect. Unmounting unsubscribes, which pauses the store (in-flight requests are
 * aborted), so StrictMode's mount-unmount-mount cycle needs no special case.
 */
export function useStoreBridge<TState, TOptions, TStore extends BridgeableStore<TState, TOptions>>(
  create: (options: TOptions) => TStore,
  options: TOptions,
): TStore & { readonly state: TState } {
  const [store] = useState(() => create(options));
  const state = useSyncExternalStore(store.subscribe, store.getState, store.getState);
  useEffect(() => {
    store.setOptions(options);
  }, [store, options]);
  return useMemo(() => ({ ...store, state }), [store, state]);
}
