/**
 * Where-inputs the server wrote itself (access filters, a route's own key), which `QueryService`
 * passes to the database exactly as written: the preparation of client operands (LIKE escaping,
 * the operator table's refusals, the reserved-key check) never enters them. A server filter that
 * was escaped would change meaning: `NOT { note: { startsWith: 'x_' } }` would hide fewer rows.
 *
 * Marked objects are remembered by identity in a WeakSet, so the mark costs nothing to keep and the
 * object stays a plain where-input that Prisma accepts anywhere.
 */
const marked = new WeakSet<object>();

/**
 * Marks a where-input as the server's own, for reads through `QueryService` that combine it with a
 * client's (`aggregate({ where: { AND: [serverWhere(access), clientWhere] } })`): it is passed to the
 * database as written, while the client's part is prepared. Returns the same object.
 */
export function serverWhere<T>(where: T): T {
  if (typeof where === 'object' && where !== null) marked.add(where);
  return where;
}

/** Whether `value` was marked with `serverWhere`. */
export function isServerWhere(value: unknown): boolean {
  return typeof value === 'object' && value !== null && marked.has(value);
}
