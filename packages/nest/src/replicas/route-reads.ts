import type { RawQueryClient, ReadRouter } from './read-router.js';

type ReadMethod = (...args: unknown[]) => Promise<unknown>;

// The model methods that only read. Everything else (create, update, upsert, delete, the *Many
// writes, $transaction, $executeRaw, $queryRaw) goes to the primary untouched.
const READ_METHODS = new Set([
  'findMany',
  'findFirst',
  'findFirstOrThrow',
  'findUnique',
  'findUniqueOrThrow',
  'count',
  'aggregate',
  'groupBy',
]);

/**
 * The primary client with every model read routed by `router`: `routeReads(prisma, router).book`
 * is a delegate whose `findMany`, `count`, `aggregate`… run on a replica when one is healthy (and
 * has replayed the request's consistency token), and whose writes run on the primary. Pass it
 * wherever a client or delegate is taken (`new QueryService(routed.book)`); `FacetModule` does
 * this for every resource when `replicas` are configured. A transaction (`$transaction`) is the
 * primary's own, and so is every read made through its transaction client.
 */
export function routeReads<TClient extends object>(primary: TClient, router: ReadRouter): TClient {
  const delegates = new Map<PropertyKey, object>();
  return new Proxy(primary, {
    get(target, key, receiver) {
      const value = Reflect.get(target, key, receiver) as unknown;
      if (typeof key !== 'string' || key.startsWith('$') || value === null || typeof value !== 'object') {
        return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      }
      let routed = delegates.get(key);
      if (routed === undefined) {
        routed = routeDelegate(key, value, router);
        delegates.set(key, routed);
      }
      return routed;
    },
  });
}

function routeDelegate(model: string, delegate: object, router: ReadRouter): object {
  return new Proxy(delegate, {
    get(target, method, receiver) {
      const value = Reflect.get(target, method, receiver) as unknown;
      if (typeof method !== 'string' || !READ_METHODS.has(method) || typeof value !== 'function') {
        return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      }
      return (...args: unknown[]) =>
        router.read((client: RawQueryClient) => {
          // Same generated client on every server: the replica has the same model delegate.
          const chosen = (client as unknown as Record<string, Record<string, ReadMethod>>)[model] as Record<
            string,
            ReadMethod
          >;
          return (chosen[method] as ReadMethod).apply(chosen, args);
        });
    },
  });
}
