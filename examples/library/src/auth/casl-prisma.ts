// @casl/prisma's default entry point reads model types from `@prisma/client`, which the Prisma 7
// `prisma-client` generator no longer fills; its runtime entry point takes our generated types instead.
import type { Ability } from '@casl/ability';
import { accessibleBy, createPrismaAbility, type PrismaQueryOf, type Subjects } from '@casl/prisma/runtime';
import type { Author, Book, Prisma, Review, User } from '../generated/prisma/client.js';

export { accessibleBy, createPrismaAbility };

export type Action = 'manage' | 'create' | 'read' | 'update' | 'delete';
export type AppSubjects = 'all' | Subjects<{ Author: Author; Book: Book; Review: Review; User: User }>;
export type AppAbility = Ability<[Action, AppSubjects], PrismaQueryOf<Prisma.TypeMap>>;
