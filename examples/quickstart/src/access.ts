import type { IncomingMessage } from 'node:http';

export type Role = 'anonymous' | 'editor';

/**
 * Who is calling. Replace this with your own authentication (a session, a JWT guard that put the
 * user on the request...); the quickstart knows one editor token, from EDITOR_TOKEN. Anonymous
 * callers get a role too: a resource with an access rule refuses a read that names no caller.
 */
export function readCaller(request: IncomingMessage) {
  const editorToken = process.env.EDITOR_TOKEN ?? 'editor-secret';
  const role: Role = request.headers.authorization === `Bearer ${editorToken}` ? 'editor' : 'anonymous';
  // `ability` is what accessibleWhere receives; `context` is what the DTO's `expose` rules see.
  return { ability: role, context: { role } };
}

/** The access rule: the rows of a subject a role may read, as a Prisma filter. */
export function accessibleWhere(role: Role, subject: string): object {
  if (subject !== 'Article') throw new Error(`no access rule for ${subject}`);
  return role === 'editor' ? {} : { published: true };
}
