export type {
  BodyWrite,
  BulkWriteOptions,
  BulkWriteResult,
  BulkWrites,
  ResourceWrites,
  ServerData,
  WriteAction,
  WriteOptions,
  WriteSetContext,
} from './types/write.types.js';
