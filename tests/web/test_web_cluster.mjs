// End-to-end on several server nodes (docs/scaling.md): two `kafenio serve --node` on one
// PostgreSQL database (the tests' own server), the web client in headless Chromium.
// A player on node a creates a Diloti table against a bot and plays. A watcher on node b
// sees the table in b's lobby, presses "watch" and is sent to node a by the server (a
// ClusterRedirect): the page reconnects there by itself and shows the match. Then node a
// is killed with SIGKILL: both pages go on at node b (which they learnt from the server's
// ClusterNodes), b takes the table over once a's lease has run out, and the player plays
// on with the score kept — no error is shown to either of them at any point.
//
// usage: node test_web_cluster.mjs KAFENIO_BINARY WEB_DIR PG_SERVER_SCRIPT
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { chromium } from 'playwright-core';
import { assert, chooseGame, noErrorsShown, signIn } from './page_helpers.mjs';

const [binary, webDir, pgScript] = process.argv.slice(2);
const LEASE_MS = 1500;

// A fresh database on the tests' PostgreSQL server (CTest's `postgres` fixture), or on one
// started here when run by hand.
function createDatabase(folder) {
  let server = process.env.KAFENIO_TEST_PG;
  let own = null;
  if (!server) {
    own = join(tmpdir(), `kafenio-pg-web-${process.pid}`); // not in `folder`: its owner may differ
    server = execFileSync(pgScript, ['start', own]).toString().trim();
  }
  const name = `kafenio_web_${process.pid}`;
  execFileSync('psql', [server, '-v', 'ON_ERROR_STOP=1', '-qAtX', '-c', `CREATE DATABASE ${name}`]);
  return {
    conninfo: server.replace('/postgres?', `/${name}?`),
    drop() {
      try {
        execFileSync('psql', [server, '-qAtX', '-c', `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`]);
      } finally {
        if (own) execFileSync(pgScript, ['stop', own]);
      }
    },
  };
}

function startNode(name, conninfo, secretFile) {
  const node = spawn(binary, ['serve', '--listen', '127.0.0.1:0', '--admin-listen', '127.0.0.1:0', '--web', webDir, '--db', conninfo,
    '--node', name, '--set', `lease_ms=${LEASE_MS}`, '--set', 'bot_delay_ms=25', '--set', 'bot_iterations=20',
    '--set', `secret_file=${secretFile}`], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: node.stdout });
    lines.once('line', (line) => {
      const match = line.match(/listening on (http:\/\/\S+)/);
      if (!match) reject(new Error(`node ${name} did not start: ${line}`));
      const url = match[1].replace(/\/$/, '');
      resolve({ name, process: node, url, ws: `${url.replace('http:', 'ws:')}/ws` });
    });
    node.once('exit', (code) => reject(new Error(`node ${name} exited with ${code}`)));
  });
}

// Plays `count` moves whenever it is the page's turn, through the page's own connection
// (as its buttons send them): the point here is where that connection goes.
function playMoves(page, count) {
  return page.evaluate(async (wanted) => {
    const { conn, state } = window.kafenio;
    const until = Date.now() + 60000;
    const tick = () => new Promise((resolve) => { setTimeout(resolve, 5); });
    for (let played = 0; played < wanted;) {
      if (Date.now() > until) throw new Error(`played ${played} of ${wanted} moves in 60 s`);
      const view = state.table && state.table.view;
      if (state.table.ended) return played;
      if (conn.online && view && view.to_act === view.viewer && view.viewer >= 0 &&
          ((view.legal_moves || []).length || (view.move_families || []).length)) {
        const seq = Number(state.table.lastSeq);
        // A plain move, else a move of a Diloti move family, built by the page's SDK.
        const { randomFamilyMove } = await import('/sdk/kafenio-client.js');
        const notation = (view.legal_moves || []).length ? view.legal_moves[0].notation
          : randomFamilyMove(view.move_families[0]).notation;
        await conn.request('play_move', { table_id: state.table.id, move: { notation } });
        played += 1;
        while (Number(state.table.lastSeq) <= seq) await tick();
      } else await tick();
    }
    return wanted;
  }, count);
}

const folder = mkdtempSync(join(tmpdir(), 'kafenio-web-cluster-'));
const secretFile = join(folder, 'server-secret');
writeFileSync(secretFile, `${'5a'.repeat(32)}\n`, { mode: 0o600 });  // owner-only, or the server refuses it
const database = createDatabase(folder);
const nodes = [];
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
    '--disable-component-update', '--disable-sync'],
});
const pageErrors = [];
const pages = [];
let failed = false;
try {
  const a = await startNode('a', database.conninfo, secretFile);
  const b = await startNode('b', database.conninfo, secretFile);
  nodes.push(a, b);
  // Each node reads the other's address at its next lease round (a third of the lease).
  await new Promise((wake) => { setTimeout(wake, LEASE_MS); });

  const newPage = async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    page.on('pageerror', (error) => { pageErrors.push(error); });
    pages.push(page);
    return page;
  };
  const player = await newPage();
  await signIn(player, a.url, 'eleni');
  await chooseGame(player, 'diloti');
  await player.locator('select[name=seats]').selectOption('2');
  await player.locator('input[name=target]').fill('61'); // long enough to outlive node a
  await player.getByRole('button', { name: 'Create table' }).click();
  await player.locator('.game.diloti').waitFor({ timeout: 30000 });
  const tableId = await player.evaluate(() => window.kafenio.state.table.id);
  assert(await playMoves(player, 2) === 2, 'the player plays on node a');

  // The table, made on a, is in b's lobby; watching it from b sends the page to a.
  const watcher = await newPage();
  await signIn(watcher, b.url, 'giorgos');
  const row = watcher.locator(`.lobby-table[data-table="${tableId}"]`);
  await row.waitFor({ timeout: 10000 });
  await row.getByRole('button', { name: /^watch/ }).click();
  await watcher.locator('.game.diloti').waitFor({ timeout: 30000 });
  await watcher.locator('.watching').waitFor();
  assert(await watcher.evaluate(() => window.kafenio.conn.url) === a.ws, 'the watcher was sent to node a');
  const nodesKnown = await player.evaluate(() => window.kafenio.conn.nodes);
  assert(nodesKnown.includes(a.ws) && nodesKnown.includes(b.ws), `nodes the page knows: ${nodesKnown}`);
  const scoreBefore = await player.evaluate(() => window.kafenio.state.table.lastSeq);

  const joinsBefore = await player.evaluate(() => window.kafenio.state.joins);
  // Node a dies. Both pages go on at b, which takes the table over after a's lease.
  const killedAt = Date.now();
  a.process.kill('SIGKILL');
  await player.locator('#connection.reconnecting').waitFor({ timeout: 10000 });
  // Back at the table through b: the session resumed and the table joined (after
  // TABLE_MOVING, while b had not taken it over yet, which the page waits out by itself).
  await player.waitForFunction(([ws, joins]) => {
    const { conn, state } = window.kafenio;
    return conn.url === ws && state.joins > joins && state.table && state.table.view &&
      document.querySelector('#connection.online');
  }, [b.ws, joinsBefore], { timeout: 30000 });
  assert(await playMoves(player, 2) === 2, 'the player plays on at node b');
  console.log(`node a killed: the player played on at node b after ${((Date.now() - killedAt) / 1000).toFixed(1)} s`);
  const seqAfter = await player.evaluate(() => Number(window.kafenio.state.table.lastSeq));
  assert(seqAfter > Number(scoreBefore), `the match went on from seq ${scoreBefore} to ${seqAfter}`);
  assert(await player.evaluate(() => window.kafenio.state.table.id) === tableId, 'the same table');
  await watcher.waitForFunction((seq) => window.kafenio.conn.url !== undefined &&
    Number(window.kafenio.state.table.lastSeq) >= seq, seqAfter, { timeout: 30000 });
  assert(await watcher.evaluate(() => window.kafenio.conn.url) === b.ws, 'the watcher went on at node b');
  await noErrorsShown(player);
  await noErrorsShown(watcher);
  assert(pageErrors.length === 0, `the page threw: ${pageErrors.join(' | ')}`);
  console.log('ok');
} catch (error) {
  console.error(error);
  failed = true;
  for (const [index, page] of pages.entries()) {
    const shown = await page.locator('#errors li').allTextContents().catch(() => []);
    if (shown.length) console.error(`page ${index} shows: ${shown.join(' | ')}`);
    const where = await page.evaluate(() => {
      const { conn, state } = window.kafenio;
      return { url: conn.url, nodes: conn.nodes, joins: state.joins, moving: state.tableMoving,
        online: conn.online, badge: document.querySelector('#connection').className };
    }).catch(() => ({}));
    console.error(`page ${index}: ${JSON.stringify(where)}`);
    await page.screenshot({ path: join(folder, `failure-${index}.png`), fullPage: true }).catch(() => {});
  }
  console.error(`nodes: ${nodes.map((n) => `${n.name} ${n.ws}`).join(', ')}; screenshots in ${folder}`);
} finally {
  await browser.close();
  for (const node of nodes) node.process.kill('SIGKILL');
  database.drop();
}
process.exit(failed ? 1 : 0);
