import { AbilityBuilder } from '@casl/ability';
import { type AppAbility, createPrismaAbility } from './casl-prisma.js';
import type { CallerRole } from './roles.js';

/** The most abilities kept at once; the least recently used go first. */
export const MAX_ABILITIES = 10_000;

/**
 * The contract's permissions (examples/library/README.md, "The contract"). Reads: admins and
 * editors read everything; readers and anonymous callers published books, all authors and the
 * reviews of published books. Writes: admins anything; editors create and update draft books
 * (`published: false`, before and after the write, so they cannot publish); readers, editors and
 * admins write reviews as themselves and change only their own (admins any). Anonymous callers
 * write nothing.
 */
export function defineAbility(role: CallerRole, userId?: number): AppAbility {
  // Readers' and editors' rules name their user; the others' depend on the role alone. Facet keys
  // its access-filter memo on the ability object, so each key keeps one, in a bounded cache.
  const key = role === 'reader' || role === 'editor' ? `${role}:${userId ?? ''}` : role;
  let ability = abilities.get(key);
  if (ability === undefined) ability = buildAbility(role, userId);
  abilities.delete(key);
  abilities.set(key, ability);
  if (abilities.size > MAX_ABILITIES) abilities.delete(abilities.keys().next().value as string);
  return ability;
}

const abilities = new Map<string, AppAbility>();

function buildAbility(role: CallerRole, userId: number | undefined): AppAbility {
  const { can, build } = new AbilityBuilder<AppAbility>(createPrismaAbility);
  switch (role) {
    case 'admin':
      can('manage', 'all');
      break;
    case 'editor':
      can('read', 'all');
      can(['create', 'update'], 'Book', { published: false });
      break;
    case 'reader':
    case 'anonymous':
      can('read', 'Book', { published: true });
      can('read', 'Author');
      can('read', 'Review', { book: { is: { published: true } } });
      break;
  }
  if ((role === 'reader' || role === 'editor') && userId !== undefined) {
    can(['create', 'update', 'delete'], 'Review', { userId });
  }
  return build();
}
