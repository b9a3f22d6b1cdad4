import {
  getCurrentInstance,
  type MaybeRefOrGetter,
  onMounted,
  onScopeDispose,
  type ShallowRef,
  shallowRef,
  toValue,
  watch,
} from 'vue';
import type { BridgeableStore } from '../shared/bridge.js';

/**
 * Connects a core store to Vue: each snapshot goes into a `shallowRef`, a change of the options
 * (a ref or getter) reaches `setOptions`, and disposing the scope destroys the store. Inside a
 * component the subscription starts on mount, so server rendering sends no request.
 */
export function useStoreBridge<TState, TOptions, TStore extends BridgeableStore<TState, TOptions>>(
  create: (options: TOptions) => TStore,
  options: MaybeRefOrGetter<TOptions>,
): TStore & { readonly state: Readonly<ShallowRef<TState>> } {
  const store = create(toValue(options));
  const state = shallowRef(store.getState());
  let unsubscribe: (() => void) | null = null;
  const connect = () => {
    unsubscribe = store.subscribe(() => {
      state.value = store.getState();
    });
    state.value = store.getState(); // the first subscriber may already have started a request
  };
  if (getCurrentInstance()) onMounted(connect);
  else connect();
  watch(
    () => toValue(options),
    (next) => store.setOptions(next),
  );
  onScopeDispose(() => {
    unsubscribe?.();
    store.destroy();
  });
  return { ...store, state };
}
