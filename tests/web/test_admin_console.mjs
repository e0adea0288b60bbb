// End-to-end: the admin console page (web/admin) in headless Chromium against the real
// server. The first owner is made with `kafenio admin create-user --totp`; a player (a
// WebSocket opened in a page) plays at a table of bots. The owner switches the page to
// Greek, signs in with password and TOTP code, finds the live table, pauses it, voids its
// match, watches it and reveals the hands, finds the
// player and bans them (their connection is closed), sends an announcement that a player
// in the web client sees, filters the live tables by rating, access, match and a Greek
// player's name, and sees the actions in the audit log, whose chain verifies. The public port answers 404 for the console.
//
// usage: node test_admin_console.mjs KAFENIO_BINARY WEB_DIR ARTIFACTS_DIR
import { execFileSync } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { assert, signIn, startConsoleServer } from './page_helpers.mjs';

const [binary, webDir, artifacts] = process.argv.slice(2);
mkdirSync(artifacts, { recursive: true });
const PASSWORD = 'a long owner passphrase';

// RFC 6238 with HMAC-SHA1, as authenticator apps compute it.
function totp(secretBase32, unixSeconds) {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const c of secretBase32) bits += alphabet.indexOf(c).toString(2).padStart(5, '0');
  const key = Buffer.alloc(Math.floor(bits.length / 8));
  for (let i = 0; i < key.length; i += 1) key[i] = parseInt(bits.slice(i * 8, i * 8 + 8), 2);
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(unixSeconds / 30)));
  const mac = createHmac('sha1', key).update(counter).digest();
  const offset = mac[mac.length - 1] & 0x0f;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1000000).padStart(6, '0');
}

const db = join(mkdtempSync(join(tmpdir(), 'kafenio-console-')), 'kafenio.db');
const created = execFileSync(binary, ['admin', 'create-user', 'elena', '--role', 'owner',
  '--totp', '--db', db], { input: `${PASSWORD}\n` }).toString();
const secret = created.match(/TOTP secret: (\S+)/)[1];

const { server, publicUrl, adminUrl } = await startConsoleServer(binary, webDir, db);

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
    '--disable-component-update', '--disable-sync'],
});
try {
  // The public port does not serve the console.
  const player = await browser.newPage();
  const notFound = await player.goto(`${publicUrl}/admin/`);
  assert(notFound.status() === 404, `public /admin/ answered ${notFound.status()}`);
  // A player at a table of three bots, over the protocol, from a page.
  await player.goto(`${publicUrl}/healthz`);
  const tableId = await player.evaluate(async (url) => {
    const ws = new WebSocket(url);
    window.closedWith = null;
    ws.onclose = (event) => { window.closedWith = event.code; };
    await new Promise((resolve) => { ws.onopen = resolve; });
    let next = 1;
    const waiting = new Map();
    ws.onmessage = (event) => {
      const message = JSON.parse(event.data);
      if (waiting.has(message.request_id)) waiting.get(message.request_id)(message);
    };
    const request = (name, body) => new Promise((resolve) => {
      const id = `r${next++}`;
      waiting.set(id, resolve);
      ws.send(JSON.stringify({ request_id: id, [name]: body }));
    });
    await request('sign_in_guest', { name: 'anna' });
    const created = await request('create_table', { game: 'pilotta', options: ['target=2000'] });
    const table = created.table_created.table_id;
    for (const seat of [1, 2, 3]) await request('add_bot', { table_id: table, seat });
    await request('sit', { table_id: table, seat: 0 });
    await request('set_ready', { table_id: table, ready: true });
    return table;
  }, `${publicUrl.replace('http', 'ws')}/ws`);

  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await page.goto(`${adminUrl}/admin/`);
  await page.locator('#language').click();
  await page.getByRole('heading', { name: 'Κονσόλα Kafenio' }).waitFor();
  await page.getByLabel('Όνομα').fill('elena');
  await page.getByLabel('Κωδικός', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Κωδικός εφαρμογής (TOTP)').fill(totp(secret, Date.now() / 1000));
  await page.locator('#login button[type=submit]').click();
  await page.locator('#who', { hasText: 'elena (owner)' }).waitFor();

  // The live table, paused with a reason.
  const row = page.locator(`#tables tr[data-table="${tableId}"]`);
  await row.waitFor();
  await page.locator('#table-reason').fill('έλεγχος διαφοράς');
  await row.getByRole('button', { name: 'Παύση' }).click();
  await row.getByText('σε παύση').waitFor();

  // The match in play voided from the list (confirmed in the dialog): on record.
  page.once('dialog', (dialog) => dialog.accept());
  await row.getByRole('button', { name: 'Ακύρωση' }).click();
  await page.locator('#message', { hasText: 'Έγινε.' }).waitFor();

  // Watched as a spectator sees it, then the hidden hands revealed (an audited look).
  await row.getByRole('button', { name: 'Παρακολούθηση' }).click();
  await page.locator('#watch-view dt', { hasText: 'phase' }).waitFor();
  await page.locator('#watch-view dt', { hasText: 'hand_sizes' }).waitFor();
  assert(await page.locator('#watch-view dt', { hasText: /^hand$/ }).count() === 0,
    'a spectator sees no hand');
  await page.getByRole('button', { name: 'Αποκάλυψη των χαρτιών' }).click();
  await page.locator('#hands p.hand').nth(3).waitFor();
  const seat0 = await page.locator('#hands p.hand').first().textContent();
  assert(/^Θέση 0: \S{2}( \S{2})*$/.test(seat0), `seat 0's hand: ${seat0}`);

  // The player, found and banned: their connection closes.
  await page.locator('#player-search input[name=q]').fill('anna');
  await page.locator('#player-search button').click();
  await page.locator('#players button', { hasText: 'anna' }).first().click();
  await page.locator('#sanction input[name=reason]').fill('εξαπάτηση');
  await page.getByRole('button', { name: 'Αποκλεισμός' }).click();
  await page.locator('#sanctions li', { hasText: 'εξαπάτηση' }).waitFor();
  await player.waitForFunction(() => window.closedWith !== null, null, { timeout: 10000 });
  assert(await player.evaluate(() => window.closedWith) === 1008, 'the banned connection closed');

  // An announcement reaches a player in the web client.
  const reader = await browser.newPage();
  await signIn(reader, publicUrl, 'nikos');
  await page.locator('#announce input[name=text]').fill('Συντήρηση στις 23:00');
  await page.getByRole('button', { name: 'Αποστολή' }).click();
  await reader.locator('#announcement', { hasText: 'Συντήρηση στις 23:00' }).waitFor();

  // A player's report of a chat line, in the moderators' queue with its evidence: claimed,
  // then resolved with a mute.
  const reportId = await player.evaluate(async (url) => {
    const connect = async (name) => {
      const ws = new WebSocket(url);
      await new Promise((resolve) => { ws.onopen = resolve; });
      let next = 1;
      const waiting = new Map();
      const chats = [];
      ws.onmessage = (event) => {
        const message = JSON.parse(event.data);
        if (message.chat) chats.push(message.chat);
        if (waiting.has(message.request_id)) waiting.get(message.request_id)(message);
      };
      const request = (body, value) => new Promise((resolve) => {
        const id = `r${next++}`;
        waiting.set(id, resolve);
        ws.send(JSON.stringify({ request_id: id, [body]: value }));
      });
      await request('register', { name, password: 'tavli and ouzo' });
      return { request, chats };
    };
    const zoe = await connect('ζωή');
    const takis = await connect('τάκης');
    const table = (await zoe.request('create_table', { game: 'diloti', seats: 2 })).table_created.table_id;
    await takis.request('join_table', { table_id: table });
    await takis.request('send_chat', { table_id: table, text: 'χάσου, κότα' });
    while (!zoe.chats.length) await new Promise((resolve) => setTimeout(resolve, 20));
    const filed = await zoe.request('report_player', {
      chat_line_id: zoe.chats[0].line_id, category: 'abuse', text: 'βρισιές', table_id: table,
    });
    return filed.report_filed.report_id;
  }, `${publicUrl.replace('http', 'ws')}/ws`);
  await page.locator('#report-filter button[type=submit]').click();
  const report = page.locator(`#reports li[data-report="${reportId}"]`);
  await report.locator('.reported-line', { hasText: 'τάκης: χάσου, κότα' }).waitFor();
  await report.getByText('βρισιές').waitFor();
  await report.getByRole('button', { name: 'Ανάληψη' }).click();
  await report.getByText(/claimed elena/).waitFor();
  await page.locator('#report-resolve input[name=note]').fill('υβριστικό μήνυμα');
  await report.getByRole('button', { name: 'Σίγαση' }).click();
  await report.waitFor({ state: 'detached' }); // resolved: no longer in the active queue
  await page.locator('#report-filter select').selectOption('resolved');
  await page.locator('#report-filter button[type=submit]').click();
  await page.locator(`#reports li[data-report="${reportId}"]`, { hasText: 'mute' }).waitFor();

  // The live tables filtered by rating, access, match and a Greek player's name typed in
  // another case: only Γιώργος's private rated table, where no match is in play yet.
  const greekTable = await player.evaluate(async (url) => {
    const ws = new WebSocket(url);
    await new Promise((resolve) => { ws.onopen = resolve; });
    window.keepOpen = ws; // Γιώργος stays seated while the console looks
    let next = 1;
    const waiting = new Map();
    ws.onmessage = (event) => {
      const message = JSON.parse(event.data);
      if (waiting.has(message.request_id)) waiting.get(message.request_id)(message);
    };
    const request = (name, body) => new Promise((resolve) => {
      const id = `r${next++}`;
      waiting.set(id, resolve);
      ws.send(JSON.stringify({ request_id: id, [name]: body }));
    });
    await request('register', { name: 'Γιώργος', password: 'tavli and ouzo' });
    const created = await request('create_table',
      { game: 'diloti', seats: 2, private: true, rated: true });
    const table = created.table_created.table_id;
    await request('sit', { table_id: table, seat: 0 });
    return table;
  }, `${publicUrl.replace('http', 'ws')}/ws`);
  const filter = page.locator('#table-filter');
  const rows = page.locator('#tables tbody tr');
  const refreshTables = () => filter.getByRole('button', { name: 'Ανανέωση' }).click();
  for (const words of ['Βαθμολογία', 'Πρόσβαση', 'Παρτίδα', 'Παίκτης (ψευδώνυμο)']) {
    await filter.locator('label > span', { hasText: words }).waitFor(); // in Greek too
  }
  await filter.locator('select[name=rated]').selectOption({ label: 'βαθμολογημένα' });
  await filter.locator('select[name=private]').selectOption({ label: 'ιδιωτικά' });
  await filter.locator('select[name=live]').selectOption({ label: 'χωρίς παρτίδα' });
  await filter.getByLabel('Παίκτης (ψευδώνυμο)').fill('ΓΙΏΡΓΟΣ');
  await refreshTables();
  // The list is rebuilt in one go: once the wanted row is there, it is the whole list.
  await page.locator(`#tables tr[data-table="${greekTable}"]`).waitFor();
  assert(await rows.count() === 1, `one table for Γιώργος, got ${await rows.count()}`);
  assert(await page.locator(`#tables tr[data-table="${tableId}"]`).count() === 0,
    'anna\'s public table is filtered out');
  // The same player with a match in play: none.
  await filter.locator('select[name=live]').selectOption({ label: 'παρτίδα σε εξέλιξη' });
  await refreshTables();
  await page.locator(`#tables tr[data-table="${greekTable}"]`).waitFor({ state: 'detached' });
  assert(await rows.count() === 0, `no table with a match for Γιώργος, got ${await rows.count()}`);
  // A name nobody has: the server's clear error.
  await filter.getByLabel('Παίκτης (ψευδώνυμο)').fill('Άγνωστος');
  await refreshTables();
  await page.locator('#message', { hasText: 'no player named Άγνωστος' }).waitFor();
  // Public, unrated tables with a match in play, anyone's: anna's paused table only.
  await filter.getByLabel('Παίκτης (ψευδώνυμο)').fill('');
  await filter.locator('select[name=rated]').selectOption({ label: 'φιλικά' });
  await filter.locator('select[name=private]').selectOption({ label: 'δημόσια' });
  await refreshTables();
  await page.locator(`#tables tr[data-table="${tableId}"]`).waitFor();
  assert(await page.locator(`#tables tr[data-table="${greekTable}"]`).count() === 0,
    'the private table is filtered out');
  // Every filter back to any: both tables.
  for (const name of ['rated', 'private', 'live']) {
    await filter.locator(`select[name=${name}]`).selectOption({ label: 'όλα' });
  }
  await refreshTables();
  await page.locator(`#tables tr[data-table="${greekTable}"]`).waitFor();
  assert(await page.locator(`#tables tr[data-table="${tableId}"]`).count() === 1, 'anna\'s table');

  // The actions in the audit log, and the chain intact.
  await page.locator('#audit-filter button[type=submit]').click();
  const audit = page.locator('#audit tbody');
  await audit.locator('tr', { hasText: 'table.pause' }).waitFor();
  await audit.locator('tr', { hasText: 'table.reveal' }).waitFor();
  await audit.locator('tr', { hasText: 'match.void' }).filter({ hasText: 'ok: live' }).waitFor();
  await audit.locator('tr', { hasText: 'player.ban' }).filter({ hasText: 'εξαπάτηση' }).waitFor();
  await audit.locator('tr', { hasText: 'report.resolve' }).filter({ hasText: 'ok: mute' }).waitFor();
  await page.locator('#verify').click();
  await page.getByText(/Το αρχείο ελέγχου είναι ακέραιο/).waitFor();
  await page.screenshot({ path: `${artifacts}/admin-console.png`, fullPage: true });
  console.log('ok');
} finally {
  await browser.close();
  server.kill('SIGTERM');
}
