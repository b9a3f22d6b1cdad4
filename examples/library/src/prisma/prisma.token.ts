/** Injection token for the app's PrismaClient (opened before Nest starts, see createLibraryApp). */
export const PRISMA = Symbol('PRISMA');

/** Injection token for the clients of the streaming replicas (an empty list without any). */
export const PRISMA_REPLICAS = Symbol('PRISMA_REPLICAS');

/** Injection token for how the resources read: Facet's compiled SQL reads or Prisma's (`ReadEngineOptions`). */
export const READ_ENGINE = Symbol('READ_ENGINE');
