import type { IncomingMessage } from 'node:http';

/** A staff member, a signed-in customer (by id), or anonymous. */
export type Caller = { role: 'staff' } | { role: 'customer'; customerId: number } | { role: 'anonymous' };

/**
 * Who is calling. Replace this with your own authentication (a session, a JWT guard that put the
 * user on the request...); the quickstart reads `Authorization: Bearer staff` or `Bearer customer-<id>`.
 */
export function readCaller(request: IncomingMessage) {
  const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
  const customer = /^customer-(\d+)$/.exec(token ?? '');
  const caller: Caller =
    token === 'staff'
      ? { role: 'staff' }
      : customer
        ? { role: 'customer', customerId: Number(customer[1]) }
        : { role: 'anonymous' };
  // `ability` is what accessibleWhere receives; `context` is what the DTOs' `expose` rules see.
  return { ability: caller, context: { ...caller } };
}

/** The access rule: the rows of a subject a caller may read, as a Prisma filter. */
export function accessibleWhere(caller: Caller, subject: string): object {
  if (caller.role === 'staff') return {};
  const mine = caller.role === 'customer' ? caller.customerId : -1;
  switch (subject) {
    case 'Product':
      return { active: true };
    case 'Customer':
      return { id: mine };
    case 'Order':
      return { customerId: mine };
    case 'OrderLine':
      return { order: { customerId: mine } };
    default:
      throw new Error(`no access rule for ${subject}`);
  }
}
