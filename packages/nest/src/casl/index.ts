// @facet/nest/casl: the only part of @facet/nest that imports @casl/* (optional peers). The package
// root must keep working without them; test/casl-optional-peer.test.ts walks its imports to prove it.
export type { AccessAction, AccessibleWhere } from '../read/scope/index.js';
export {
  type CaslAccessibleWhereOptions,
  createCaslAccessibleWhere,
  type PrismaAbilityLike,
} from './create-casl-accessible-where.js';
