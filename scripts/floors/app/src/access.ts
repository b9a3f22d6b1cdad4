import type { IncomingMessage } from 'node:http';
import { AbilityBuilder, type Ability as CaslAbility } from '@casl/ability';
import { createPrismaAbility, type PrismaQueryOf, type Subjects } from '@casl/prisma/runtime';
import type { Author, Book, Prisma } from './generated/prisma/client';

export type Role = 'anonymous' | 'editor';
// @casl/prisma's runtime entry point, typed by the Prisma 7 client this app generates.
type Ability = CaslAbility<
  ['read', 'all' | Subjects<{ Author: Author; Book: Book }>],
  PrismaQueryOf<Prisma.TypeMap>
>;

// One ability per role, so the access filters are built once (createCaslAccessibleWhere's memo).
const abilities = new Map<Role, Ability>();

function abilityOf(role: Role): Ability {
  let ability = abilities.get(role);
  if (ability === undefined) {
    const { can, build } = new AbilityBuilder<Ability>(createPrismaAbility);
    if (role === 'editor') can('read', 'all');
    else {
      can('read', 'Book', { published: true });
      can('read', 'Author', { active: true });
    }
    ability = build();
    abilities.set(role, ability);
  }
  return ability;
}

/** `Authorization: Bearer editor` is an editor; anyone else is anonymous. */
export function readCaller(request: IncomingMessage) {
  const role: Role = request.headers.authorization === 'Bearer editor' ? 'editor' : 'anonymous';
  return { ability: abilityOf(role), context: { role } };
}
