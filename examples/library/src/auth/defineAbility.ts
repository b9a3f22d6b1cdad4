import { AbilityBuilder } from '@casl/ability';
import { type AppAbility, createPrismaAbility } from './casl-prisma.js';
import type { CallerRole } from './roles.js';

/**
 * The contract's permissions (examples/library/README.md, "The contract"):
 * admin manages everything; editor reads everything and creates and updates books; reader and
 * anonymous read published books, all authors and the reviews of readable books.
 */
export function defineAbility(role: CallerRole): AppAbility {
  // The rules depend on the role alone: one ability per role and process, built on first use. Facet
  // keys its access-filter memo on the ability, so sharing it saves that work per request too.
  let ability = abilities.get(role);
  if (ability === undefined) {
    ability = buildAbility(role);
    abilities.set(role, ability);
  }
  return ability;
}

const abilities = new Map<CallerRole, AppAbility>();

function buildAbility(role: CallerRole): AppAbility {
  const { can, build } = new AbilityBuilder<AppAbility>(createPrismaAbility);
  switch (role) {
    case 'admin':
      can('manage', 'all');
      break;
    case 'editor':
      can('read', 'all');
      can(['create', 'update'], 'Book');
      break;
    case 'reader':
    case 'anonymous':
      can('read', 'Book', { published: true });
      can('read', 'Author');
      can('read', 'Review', { book: { is: { published: true } } });
      break;
  }
  return build();
}
