// A PostgreSQL primary and one streaming replica of it, started in temporary directories on two
// free ports and removed again at teardown; the machine's own server (5432) is never touched. One
// harness for every user: @facet/nest's read-replica tests, the example's scale-out test and the
// bench's scale scenario. Needs the server binaries (`pg_config --bindir`: initdb, pg_ctl,
// pg_basebackup); without them the suites that use it are skipped with the reason, except in CI,
// where the binaries are part of the machine and a skip would hide a broken setup.
//
// The server refuses to run as root, so when the caller is root the binaries run as `postgres`
// (runuser) and the directories belong to it. Types: replica-cluster.d.mts.
import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '@facet/test-support/net';

const SERVER_USER = 'postgres';
const asRoot = process.getuid?.() === 0;

function binDir() {
  try {
    const dir = execFileSync('pg_config', ['--bindir'], { encoding: 'utf8' }).trim();
    return ['initdb', 'pg_ctl', 'pg_basebackup'].every((bin) => existsSync(join(dir, bin))) ? dir : undefined;
  } catch {
    return undefined;
  }
}

/** Whether a cluster can be started here; throws in CI when it cannot. */
export function checkReplicaCluster() {
  let reason;
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

export async function startReplicaCluster(options = {}) {
  const maxConnections = options.maxConnections ?? 60;
  if (!Number.isInteger(maxConnections) || maxConnections < 10) {
    throw new RangeError(`maxConnections must be an integer of at least 10, got ${maxConnections}`);
  }
  const bin = binDir();
  if (bin === undefined) throw new Error('PostgreSQL server binaries not found (pg_config --bindir)');
  const root = mkdtempSync(join(tmpdir(), 'facet-replica-'));
  const primaryDir = join(root, 'primary');
  const replicaDir = join(root, 'replica');
  const run = (command, args) => {
    const file = join(bin, command);
    if (asRoot) execFileSync('runuser', ['-u', SERVER_USER, '--', file, ...args], { stdio: 'pipe' });
    else execFileSync(file, args, { stdio: 'pipe' });
  };
  if (asRoot) {
    const uid = execFileSync('id', ['-u', SERVER_USER], { encoding: 'utf8' }).trim();
    const gid = execFileSync('id', ['-g', SERVER_USER], { encoding: 'utf8' }).trim();
    chownSync(root, Number(uid), Number(gid));
  }
  const [primaryPort, replicaPort] = [await freePort(), await freePort()];
  const serverOptions = (port) =>
    `-c port=${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories=${root} -c fsync=off`;
  const pgCtl = (dir, port, action) =>
    action === 'start'
      ? run('pg_ctl', ['-D', dir, '-l', `${dir}.log`, '-o', serverOptions(port), '-w', '-t', '30', 'start'])
      : run('pg_ctl', ['-D', dir, '-m', 'fast', '-w', 'stop']);
  let primaryRunning = false;
  let replicaRunning = false;
  const cleanUp = () => {
    for (const [running, dir] of [
      [replicaRunning, replicaDir],
      [primaryRunning, primaryDir],
    ]) {
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
      `wal_level = replica\nmax_wal_senders = 4\nhot_standby = on\nmax_connections = ${maxConnections}\n`,
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
