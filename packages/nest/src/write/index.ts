export type {
  BodyWrite,
  ResourceWrites,
  ServerData,
  WriteAction,
  WriteOptions,
  WriteSetContext,
} from './types/write.types.js';
