// Starts the real server for the SDK's tests: `kafenio serve` on a free port (or a given
// one, to restart on the same address) with a database of its own.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { webcrypto } from 'node:crypto';

// Node 18 (Debian 12's) keeps WebCrypto in node:crypto only; the SDK's deal checks ask
// globalThis.crypto, as browsers, React Native and Node 20 give it (README.md, "Node").
globalThis.crypto ??= webcrypto;

export function assert(condition, message) {
  if (!condition) throw new Error(`assertion failed: ${message}`);
}

export async function startServer(binary, { db, port = 0, settings = [], args: extra = [] } = {}) {
  db ??= join(mkdtempSync(join(tmpdir(), 'kafenio-sdk-')), 'kafenio.db');
  // No web root unless the test serves one (a flag may be given once).
  const web = extra.includes('--web') ? [] : ['--web', '/nonexistent'];
  const args = ['serve', '--listen', `127.0.0.1:${port}`, '--admin-listen', '127.0.0.1:0', ...web,
    '--db', db, '--set', 'bot_iterations=20', ...extra];
  for (const setting of settings) args.push('--set', setting);
  const proc = spawn(binary, args, { stdio: ['ignore', 'pipe', 'inherit'] });
  // The first line says where the game listens, the next where the admin console does.
  const [line, adminLine] = await new Promise((resolve, reject) => {
    const lines = [];
    const input = createInterface({ input: proc.stdout });
    input.on('line', (text) => {
      lines.push(text);
      if (lines.length === 2) {
        input.removeAllListeners('line');
        resolve(lines);
      }
    });
    proc.once('exit', (code) => reject(new Error(`server exited with ${code}: ${lines.join(' / ')}`)));
  });
  const match = line.match(/listening on http:\/\/127\.0\.0\.1:(\d+)/);
  if (!match) throw new Error(`server did not start: ${line}`);
  const admin = adminLine.match(/admin console on (http:\/\/127\.0\.0\.1:\d+)\//);
  const server = {
    port: Number(match[1]),
    url: `ws://127.0.0.1:${match[1]}/ws`,
    adminUrl: admin?.[1], // http://127.0.0.1:PORT, the console's API under /admin/api/
    db,
    proc,
    async stop(signal = 'SIGTERM') {
      if (proc.exitCode !== null || proc.signalCode !== null) return;
      const exited = new Promise((resolve) => proc.once('exit', resolve));
      proc.kill(signal);
      await exited;
    },
    // The server stops answering (SIGSTOP; its sockets stay open) until resumed. Returns
    // once the kernel shows every thread stopped.
    async freeze() {
      proc.kill('SIGSTOP');
      for (let i = 0; i < 200; i += 1) {
        const state = readFileSync(`/proc/${proc.pid}/stat`, 'utf8').split(') ')[1][0];
        if (state === 'T') return;
        await new Promise((r) => setTimeout(r, 10));
      }
      throw new Error('the server did not stop');
    },
    thaw() {
      proc.kill('SIGCONT');
    },
    // SIGKILL, then the same database on the same port: sessions, tables and seats survive.
    async crashAndRestart() {
      await server.stop('SIGKILL');
      return startServer(binary, { db, port: server.port, settings, args: extra });
    },
  };
  return server;
}
