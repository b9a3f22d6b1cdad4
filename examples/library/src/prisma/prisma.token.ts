/** Injection token for the app's PrismaClient (opened before Nest starts, see createLibraryApp). */
export const PRISMA = Symbol('PRISMA');
