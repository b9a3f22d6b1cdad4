// A PostgreSQL primary and one streaming replica of it, started for a test run in temporary
// directories on two free ports, and removed again at teardown. The machine's own server (5432) is
// never touched. Needs the server binaries (`pg_config --bindir`: initdb, pg_ctl, pg_basebackup);
// without them the suites that use it are skipped with the reason, except in CI, where the
// binaries are part of the machine and a skip would hide a broken setup.
//
// The server refuses to run as root, so when the tests run as root the binaries run as `postgres`
// (runuser) and the directories belong to it.
import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface ReplicaCluster {
  readonly primaryUrl: string;
  readonly replicaUrl: string;
  readonly primaryPort: number;
  readonly replicaPort: number;
  /** Stops the replica's server (fast shutdown): its clients get connection errors. */
  stopReplica(): void;
  /** Starts the replica again; it catches up from the primary by itself. */
  startReplica(): void;
  /** Stops both servers and removes their directories. */
  close(): void;
}

export type ClusterAvailability =
  | { readonly available: true }
  | { readonly available: false; reason: string };

const SERVER_USER = 'postgres';

function binDir(): string | undefined {
  try {
    const dir = execFileSync('pg_config', ['--bindir'], { encoding: 'utf8' }).trim();
    return ['initdb', 'pg_ctl', 'pg_basebackup'].every((bin) => existsSync(join(dir, bin))) ? dir : undefined;
  } catch {
    return undefined;
  }
}

const asRoot = process.getuid?.() === 0;

/** Whether a cluster can be started here; throws in CI when it cannot. */
export function checkReplicaCluster(): ClusterAvailability {
  let reason: string | undefined;
  if (binDir() === undefined)
    reason = 'PostgreSQL server binaries (initdb, pg_ctl, pg_basebackup) not found via pg_config --bindir';
  else if (asRoot) {
    try {
      execFileSync('id', [SERVER_USER], { stdio: 'ignore' });
    } catch {
      reason = `running as root and there is no "${SERVER_USER}" user to run the server as`;
    }
  }
  if (reason === undefined) return { available: true };
  if (process.env.CI)
    throw new Error(`replica cluster: ${reason}, and CI requires it (process.env.CI is set)`);
  return { available: false, reason };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export async function startReplicaCluster(): Promise<ReplicaCluster> {
  const bin = binDir();
  if (bin === undefined) throw new Error('PostgreSQL server binaries not found');
  const root = mkdtempSync(join(tmpdir(), 'facet-replica-'));
  const primaryDir = join(root, 'primary');
  const replicaDir = join(root, 'replica');
  const run = (command: string, args: string[]) => {
    const file = join(bin, command);
    if (asRoot) execFileSync('runuser', ['-u', SERVER_USER, '--', file, ...args], { stdio: 'pipe' });
    else execFileSync(file, args, { stdio: 'pipe' });
  };
  if (asRoot) {
    const ids = execFileSync('id', ['-u', SERVER_USER], { encoding: 'utf8' }).trim();
    const gid = execFileSync('id', ['-g', SERVER_USER], { encoding: 'utf8' }).trim();
    chownSync(root, Number(ids), Number(gid));
  }
  const [primaryPort, replicaPort] = [await freePort(), await freePort()];
  const serverOptions = (port: number) =>
    `-c port=${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories=${root} -c fsync=off`;
  const pgCtl = (dir: string, port: number, action: 'start' | 'stop') =>
    action === 'start'
      ? run('pg_ctl', ['-D', dir, '-l', `${dir}.log`, '-o', serverOptions(port), '-w', '-t', '30', 'start'])
      : run('pg_ctl', ['-D', dir, '-m', 'fast', '-w', 'stop']);
  let primaryRunning = false;
  let replicaRunning = false;
  const cleanUp = () => {
    for (const [running, dir] of [
      [replicaRunning, replicaDir],
      [primaryRunning, primaryDir],
    ] as const) {
      if (running) {
        try {
          pgCtl(dir, 0, 'stop');
        } catch {
          // Already gone: removing the directory is all that is left to do.
        }
      }
    }
    primaryRunning = false;
    replicaRunning = false;
    rmSync(root, { recursive: true, force: true });
  };
  try {
    run('initdb', ['-D', primaryDir, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8']);
    writeFileSync(
      join(primaryDir, 'postgresql.auto.conf'),
      'wal_level = replica\nmax_wal_senders = 4\nhot_standby = on\nmax_connections = 60\n',
      { flag: 'a' },
    );
    writeFileSync(join(primaryDir, 'pg_hba.conf'), 'host replication all 127.0.0.1/32 trust\n', {
      flag: 'a',
    });
    pgCtl(primaryDir, primaryPort, 'start');
    primaryRunning = true;
    run('pg_basebackup', [
      '-h',
      '127.0.0.1',
      '-p',
      String(primaryPort),
      '-U',
      'postgres',
      '-D',
      replicaDir,
      '-R',
      '-X',
      'stream',
    ]);
    pgCtl(replicaDir, replicaPort, 'start');
    replicaRunning = true;
  } catch (error) {
    cleanUp();
    throw error;
  }
  return {
    primaryUrl: `postgresql://postgres@127.0.0.1:${primaryPort}/postgres`,
    replicaUrl: `postgresql://postgres@127.0.0.1:${replicaPort}/postgres`,
    primaryPort,
    replicaPort,
    stopReplica() {
      if (!replicaRunning) return;
      pgCtl(replicaDir, replicaPort, 'stop');
      replicaRunning = false;
    },
    startReplica() {
      if (replicaRunning) return;
      pgCtl(replicaDir, replicaPort, 'start');
      replicaRunning = true;
    },
    close: cleanUp,
  };
}
