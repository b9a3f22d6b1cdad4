import type { OpenAPIObject } from '@nestjs/swagger';

const SCHEMA_REF = '#/components/schemas/';

/** The component schemas `document.paths` refer to, directly or through other schemas. */
export function usedSchemas(document: OpenAPIObject): Set<string> {
  const used = new Set<string>();
  const schemas = (document.components?.schemas ?? {}) as Record<string, unknown>;
  const pending: unknown[] = [document.paths];
  // Not `for (value = pop(); value !== undefined; …)`: a document built in memory may hold members
  // that are `undefined`, which would end the walk early and leave used schemas unseen.
  while (pending.length > 0) {
    const value = pending.pop();
    if (Array.isArray(value)) pending.push(...value);
    else if (typeof value === 'object' && value !== null) {
      for (const [key, member] of Object.entries(value)) {
        if (key === '$ref' && typeof member === 'string' && member.startsWith(SCHEMA_REF)) {
          const name = member.slice(SCHEMA_REF.length);
          if (!used.has(name)) {
            used.add(name);
            pending.push(schemas[name]);
          }
        } else pending.push(member);
      }
    }
  }
  return used;
}

/**
 * Removes the component schemas that were in use (`before`) and no longer are: the DTO of a
 * relation the caller may not see, the body of a route left out of its document. A schema the
 * document carried without using it (`extraModels`) stays.
 */
export function dropSchemasNoLongerUsed(document: OpenAPIObject, before: ReadonlySet<string>): void {
  const schemas = document.components?.schemas;
  if (schemas === undefined) return;
  const used = usedSchemas(document);
  for (const name of Object.keys(schemas)) {
    if (before.has(name) && !used.has(name)) delete schemas[name];
  }
}
