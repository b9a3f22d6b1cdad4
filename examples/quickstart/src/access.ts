export type Role = 'anonymous' | 'editor';

/**
 * Who is calling. Replace this with your own authentication (a session, a JWT guard that put the
 * user on the request...); the quickstart knows one editor token, from EDITOR_TOKEN.
 */
export function readCaller(request: unknown) {
  const { authorization } = (request as { headers: Record<string, string | undefined> }).headers;
  const editorToken = process.env.EDITOR_TOKEN ?? 'editor-secret';
  const role: Role = authorization === `Bearer ${editorToken}` ? 'editor' : 'anonymous';
  return { ability: role, context: { role } };
}

/** The access rule: the rows of a subject a role may read, as a Prisma filter. */
export function accessibleWhere(role: Role, subject: string): object {
  if (subject !== 'Article') throw new Error(`no access rule for ${subject}`);
  return role === 'editor' ? {} : { published: true };
}
