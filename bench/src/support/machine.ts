import { readFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { repoPath } from './paths.js';

export interface MachineInfo {
  readonly cpu: string;
  readonly cores: number;
  readonly memoryGiB: number;
  readonly node: string;
  readonly platform: string;
  readonly loadAverage: string;
}

export function machineInfo(loadAverage: string): MachineInfo {
  const list = cpus();
  return {
    cpu: list[0]?.model.trim() ?? 'unknown',
    cores: list.length,
    memoryGiB: Math.round((totalmem() / 2 ** 30) * 10) / 10,
    node: process.version,
    platform: `${process.platform} ${process.arch}`,
    loadAverage,
  };
}

/** Versions of what was measured, read from the installed packages. */
export function versions(): Record<string, string> {
  const version = (path: string) => {
    try {
      return (JSON.parse(readFileSync(repoPath(path), 'utf8')) as { version: string }).version;
    } catch {
      return 'not installed';
    }
  };
  const dep = (name: string) => version(`node_modules/${name}/package.json`);
  return {
    '@facet/core': version('packages/core/package.json'),
    '@facet/nest': version('packages/nest/package.json'),
    '@facet/client': version('packages/client/package.json'),
    '@querry-kit/nest': dep('@querry-kit/nest'),
    qs: dep('qs'),
    prisma: dep('prisma'),
    '@prisma/client': dep('@prisma/client'),
    '@prisma/adapter-pg': dep('@prisma/adapter-pg'),
    '@nestjs/core': dep('@nestjs/core'),
    pg: dep('pg'),
    '@electric-sql/pglite': dep('@electric-sql/pglite'),
    autocannon: dep('autocannon'),
  };
}
