// End-to-end: the admin console page (web/admin) in headless Chromium against the real
// server. The first owner is made with `kafenio admin create-user --totp`; a player (a
// WebSocket opened in a page) plays at a table of bots. The owner switches the page to
// Greek, signs in with password and TOTP code, finds the live table, pauses it, voids its
// match, watches it and reveals the hands, finds the
// player and bans them (their connection is closed), sends an announcement that a player
// in the web client sees, filters the live tables by rating, access, match and a Greek
// player's name; watches a live rated match (unpaused) and kicks one of its players: a bot
// takes the seat and the match goes on to its end; finds that player's rating and session,
// signs them out everywhere and renames them; creates a staff member with a second factor,
// changes the role, disables and enables the account and gives it a new second factor;
// and sees the actions in the audit log (filtered by target), whose chain verifies, and
// then, its newest entries deleted, does not. The public port answers 404 for the console.
//
// usage: node test_admin_console.mjs KAFENIO_BINARY WEB_DIR ARTIFACTS_DIR
import { execFileSync } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { assert, installRawClient, signIn, startConsoleServer } from './page_helpers.mjs';

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

// Bots wait a little before each move, so a watched match is seen moving.
const { server, publicUrl, adminUrl } = await startConsoleServer(binary, webDir, db, ['bot_delay_ms=60']);

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
  // The admin port serves the console and the player's scripts it imports (words both
  // say), but not the player's site.
  for (const [path, status] of [['/', 404], ['/index.html', 404], ['/rules_words.js', 200],
    ['/messages_el.js', 200], ['/admin/console.js', 200]]) {
    const answer = await player.goto(`${adminUrl}${path}`);
    assert(answer.status() === status, `admin ${path} answered ${answer.status()}, not ${status}`);
  }
  // A player at a table of three bots, over the protocol, from a page.
  await player.goto(`${publicUrl}/healthz`);
  await installRawClient(player);
  const tableId = await player.evaluate(async (url) => {
    window.closedWith = null;
    const { ws, request } = await window.rawClient(url);
    ws.onclose = (event) => { window.closedWith = event.code; };
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
  const loginForm = page.locator('#login');  // the staff form has a name and password too
  await loginForm.getByLabel('Όνομα').fill('elena');
  await loginForm.getByLabel('Κωδικός', { exact: true }).fill(PASSWORD);
  await loginForm.getByLabel('Κωδικός εφαρμογής (TOTP)').fill(totp(secret, Date.now() / 1000));
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
      const { request, chats } = await window.rawClient(url);
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
  // The category and state in the console's Greek, the category as the player's report form says it.
  await report.getByText(/^#\d+ Προσβολές ή παρενόχληση: ο\/η ζωή ανέφερε τον\/την τάκης$/).waitFor();
  await report.getByText(/την ανέλαβε elena/).waitFor();
  await page.locator('#report-resolve input[name=note]').fill('υβριστικό μήνυμα');
  await report.getByRole('button', { name: 'Σίγαση' }).click();
  await report.waitFor({ state: 'detached' }); // resolved: no longer in the active queue
  await page.locator('#report-filter select').selectOption('resolved');
  await page.locator('#report-filter button[type=submit]').click();
  await page.locator(`#reports li[data-report="${reportId}"]`, { hasText: 'την έκλεισε elena · σίγαση · υβριστικό μήνυμα' }).waitFor();

  // The live tables filtered by rating, access, match and a Greek player's name typed in
  // another case: only Γιώργος's private rated table, where no match is in play yet.
  const greekTable = await player.evaluate(async (url) => {
    const { ws, request } = await window.rawClient(url);
    window.keepOpen = ws; // Γιώργος stays seated while the console looks
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
  // Its game, rules and access in Greek, as the player's lobby words them.
  const greekRow = await page.locator(`#tables tr[data-table="${greekTable}"]`).textContent();
  assert(/Δηλωτή · \S.* · στους \d+ πόντους · ιδιωτικό ★/.test(greekRow), `the table row: ${greekRow}`);
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

  // A rated match of two registered players, live and not paused: Ράνια leaves (a bot holds
  // her seat), Κώστας stays.
  const liveTable = await player.evaluate(async (url) => {
    const connect = async (name) => {
      const { ws, request } = await window.rawClient(url);
      const seen = [];
      ws.addEventListener('message', (event) => {
        const message = JSON.parse(event.data);
        if (message.error && !message.request_id) seen.push(message.error.code);
        if (message.table_closed) seen.push('table_closed');
      });
      ws.onclose = () => seen.push('closed');
      await request('register', { name, password: 'tavli and ouzo' });
      return { request, seen };
    };
    const kostas = await connect('Κώστας');
    const rania = await connect('Ράνια');
    window.kostas = kostas;
    const table = (await kostas.request('create_table', {
      game: 'diloti', preset: 'online', seats: 2, options: ['target=11'], rated: true,
    })).table_created.table_id;
    await rania.request('join_table', { table_id: table });
    await kostas.request('sit', { table_id: table, seat: 0 });
    await rania.request('sit', { table_id: table, seat: 1 });
    await kostas.request('set_ready', { table_id: table, ready: true });
    await rania.request('set_ready', { table_id: table, ready: true });
    await rania.request('leave_table', { table_id: table });
    return table;
  }, `${publicUrl.replace('http', 'ws')}/ws`);
  await refreshTables();
  const liveRow = page.locator(`#tables tr[data-table="${liveTable}"]`);
  await liveRow.getByText('Ράνια (παίζει bot)').waitFor();
  await liveRow.getByText('Δηλωτή · Διαδικτυακοί κανόνες · στους 11 πόντους ★').waitFor();
  // Watched: the live view's move number.
  await liveRow.getByRole('button', { name: 'Παρακολούθηση' }).click();
  const seqShown = () => page.evaluate(() => {
    const item = [...document.querySelectorAll('#watch-view div')]
      .find((div) => div.querySelector('dt').textContent === 'seq');
    return item ? Number(item.querySelector('dd').textContent) : null;
  });
  // (The console's CSP forbids eval, which waitForFunction needs: polled with evaluate.)
  const until = async (check, what, timeout = 30000) => {
    for (const end = Date.now() + timeout; !(await check());) {
      assert(Date.now() < end, `timed out waiting for ${what}`);
      await page.waitForTimeout(100);
    }
  };
  await until(async () => (await seqShown()) !== null, 'the watched view');
  const seqBefore = await seqShown();
  // Κώστας kicked, with the reason: a bot takes his seat and plays on.
  await page.locator('#table-reason').fill('υβριστική συμπεριφορά');
  page.once('dialog', (dialog) => dialog.accept());
  await liveRow.getByRole('button', { name: 'Απομάκρυνση: Κώστας' }).click();
  await liveRow.getByText('Κώστας (παίζει bot)').waitFor();
  assert(await liveRow.getByRole('button', { name: /Απομάκρυνση/ }).count() === 0, 'no one left to kick');
  await player.waitForFunction(() => window.kostas.seen.includes('table_closed'));
  // The watched view moves on: the bot played after the kick.
  await until(async () => (await seqShown()) > seqBefore, 'a move after the kick');
  const seqAfter = await seqShown();
  assert(seqAfter > seqBefore, `moves after the kick: seq ${seqBefore} -> ${seqAfter}`);
  // Played to its end by the bots; both players abandoned, so it is rated as played.
  await page.locator('#player-search input[name=q]').fill('Κώστας');
  await page.locator('#player-search button').click();
  const kostasButton = page.locator('#players button', { hasText: 'Κώστας' }).first();
  for (let tries = 0; ; tries += 1) {
    await kostasButton.click();
    await page.locator('#sanction-player', { hasText: 'Κώστας' }).waitFor();
    if (await page.locator('#ratings tr[data-mode="diloti-1v1"]').count() === 1) break;
    assert(tries < 120, 'the kicked match was never rated');
    await page.waitForTimeout(500);
  }
  const ratingRow = await page.locator('#ratings tr[data-mode="diloti-1v1"]').textContent();
  assert(/^Δηλωτή 1 με 1\d{4}\.\d\d{2,3}\.\d1$/.test(ratingRow), `the rating row: ${ratingRow}`);
  await page.locator('#history li', { hasText: /Δηλωτή · ολοκληρώθηκε ★ βαθμολογημένη/ }).first().waitFor();
  // His session: from this machine, with this browser.
  const sessionRow = page.locator('#sessions tbody tr');
  assert(await sessionRow.count() === 1, `one session, got ${await sessionRow.count()}`);
  const session = await sessionRow.textContent();
  assert(session.includes('127.0.0.1') && session.includes('Chrome'), `the session: ${session}`);
  // Signed out everywhere: no session left.
  await page.locator('#sanction input[name=reason]').fill('κοινός λογαριασμός');
  page.once('dialog', (dialog) => dialog.accept());
  await page.getByRole('button', { name: 'Αποσύνδεση παντού' }).click();
  await page.locator('#sessions tbody tr').first().waitFor({ state: 'detached' });
  await player.waitForFunction(() => window.kostas.seen.includes('SIGNED_OUT'));
  // Renamed.
  await page.locator('#sanction input[name=name]').fill('Κωστάκης');
  await page.locator('#rename-player').click();
  await page.locator('#sanction-player', { hasText: 'Κωστάκης' }).waitFor();

  // Staff: a moderator with a second factor (its secret shown once), made a director of
  // every event, disabled and enabled again, and given a new second factor.
  const staffForm = page.locator('#staff-form');
  await staffForm.locator('input[name=reason]').fill('βραδινή βάρδια');
  await staffForm.locator('input[name=name]').fill('μόνα');
  await staffForm.locator('input[name=password]').fill('moderator passphrase');
  await staffForm.locator('select[name=role]').selectOption('moderator');
  await staffForm.locator('input[name=totp]').check();
  await page.getByRole('button', { name: 'Δημιουργία' }).click();
  await page.locator('#staff-secret', { hasText: 'otpauth://totp/' }).waitFor();
  const firstSecret = await page.locator('#staff-secret').textContent();
  const staffRow = page.locator('#staff tr[data-staff="μόνα"]');
  await staffRow.getByText('συντονιστής').waitFor();
  await staffForm.locator('select[name=role]').selectOption('director');
  await staffForm.locator('input[name=scope]').fill('*');
  await staffRow.getByRole('button', { name: 'Ορισμός ρόλου' }).click();
  await staffRow.getByText('διευθυντής τουρνουά').waitFor();
  page.once('dialog', (dialog) => dialog.accept());
  await staffRow.getByRole('button', { name: 'Απενεργοποίηση' }).click();
  await staffRow.getByText('απενεργοποιημένος').waitFor();
  await staffRow.getByRole('button', { name: 'Ενεργοποίηση' }).click();
  await staffRow.getByText(/^ενεργός/).waitFor();
  await staffRow.getByRole('button', { name: 'Νέος δεύτερος παράγοντας' }).click();
  await until(async () => {
    const text = await page.locator('#staff-secret').textContent();
    return text.includes('otpauth://') && text !== firstSecret;
  }, 'a new secret');
  // A new password for her (the one typed in the form), and the owner's own, changed with
  // the current one: the page stays signed in.
  // The watched table closed with its match (only bots were left): the watch has stopped
  // by itself, so its refreshes no longer write over the message line.
  await page.locator('#watch').waitFor({ state: 'hidden', timeout: 30000 });
  await staffForm.locator('input[name=password]').fill('νέος κωδικός της μόνας');
  page.once('dialog', (dialog) => dialog.accept());
  await staffRow.getByRole('button', { name: 'Ορισμός κωδικού' }).click();
  await until(async () => await staffForm.locator('input[name=password]').inputValue() === '',
    'the password set');
  const own = page.locator('#own-password');
  await own.locator('input[name=current]').fill(PASSWORD);
  await own.locator('input[name=password]').fill('ο νέος κωδικός της έλενας');
  await own.locator('input[name=again]').fill('κάτι άλλο');
  await own.getByRole('button', { name: 'Αλλαγή' }).click();
  await page.locator('#message', { hasText: 'Οι δύο νέοι κωδικοί διαφέρουν' }).waitFor();
  await own.locator('input[name=again]').fill('ο νέος κωδικός της έλενας');
  await own.getByRole('button', { name: 'Αλλαγή' }).click();
  await page.locator('#message', { hasText: 'Ο κωδικός άλλαξε' }).waitFor();
  assert(await own.locator('input[name=current]').inputValue() === '', 'the form emptied');

  // The actions in the audit log, and the chain intact.
  await page.locator('#audit-filter button[type=submit]').click();
  const audit = page.locator('#audit tbody');
  await audit.locator('tr', { hasText: 'table.pause' }).waitFor();
  await audit.locator('tr', { hasText: 'table.reveal' }).waitFor();
  await audit.locator('tr', { hasText: 'match.void' }).filter({ hasText: 'ok: live' }).waitFor();
  await audit.locator('tr', { hasText: 'player.ban' }).filter({ hasText: 'εξαπάτηση' }).waitFor();
  await audit.locator('tr', { hasText: 'report.resolve' }).filter({ hasText: 'ok: mute' }).waitFor();
  for (const [action, words] of [['table.kick', 'υβριστική συμπεριφορά'],
    ['player.revoke_sessions', 'κοινός λογαριασμός'], ['staff.create', 'βραδινή βάρδια'],
    ['staff.role', 'βραδινή βάρδια'], ['staff.disable', 'ok: sessions ended'], ['staff.enable', 'βραδινή βάρδια'],
    ['staff.reset-totp', 'ok: new secret issued'], ['staff.password', 'ok: password set'],
    ['staff.own-password', 'ok: other sessions ended']]) {
    await audit.locator('tr', { hasText: action }).filter({ hasText: words }).first().waitFor();
  }
  // Filtered by target: only the entries about the renamed player.
  await page.locator('#audit-filter input[name=target]').fill('Κωστάκης');
  await page.locator('#audit-filter button[type=submit]').click();
  await audit.locator('tr', { hasText: 'player.rename' }).waitFor();
  // Dates as Greek writes them (day first, π.μ./μ.μ.).
  const renamedAt = await audit.locator('tr', { hasText: 'player.rename' }).locator('td').first().textContent();
  assert(/^\d{1,2}\/\d{1,2}\/\d{4}.*[πμ]\.μ\.$/.test(renamedAt), `the audit date: ${renamedAt}`);
  await audit.locator('tr', { hasText: 'table.pause' }).waitFor({ state: 'detached' });
  assert(await audit.locator('tr').count() === 1, `one entry on Κωστάκης, got ${await audit.locator('tr').count()}`);
  await page.locator('#verify').click();
  await page.getByText(/Το αρχείο ελέγχου είναι ακέραιο/).waitFor();
  await page.screenshot({ path: `${artifacts}/admin-console.png`, fullPage: true });
  // On a phone the page does not scroll sideways: wide tables scroll within themselves.
  await page.setViewportSize({ width: 390, height: 844 });
  const overflow = await page.evaluate(() => ({
    by: document.documentElement.scrollWidth - window.innerWidth,
    // The outermost elements past the right edge, to say which one to fix.
    what: [...document.querySelectorAll('body *')]
      .filter((e) => e.getBoundingClientRect().right > window.innerWidth + 1
        && !(e.parentElement.getBoundingClientRect().right > window.innerWidth + 1))
      .map((e) => `${e.tagName.toLowerCase()}#${e.id}.${e.className} "${e.textContent.slice(0, 30)}"`).slice(0, 5),
  }));
  assert(overflow.by <= 0, `the console is ${overflow.by} px wider than a phone: ${overflow.what}`);
  await page.screenshot({ path: `${artifacts}/admin-console-phone.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  // The newest three entries deleted behind the server's back: the verify button, with the
  // anchor the page kept (and the server's own), reports the log cut short.
  execFileSync('python3', ['-c', 'import sqlite3, sys\nwith sqlite3.connect(sys.argv[1]) as db:\n'
    + '    db.execute("DELETE FROM audit_log WHERE id IN (SELECT id FROM audit_log ORDER BY id DESC LIMIT 3)")', db]);
  await page.locator('#verify').click();
  await page.locator('#verify-result.broken', { hasText: 'newest entries were deleted' }).waitFor();
  console.log('ok');
} finally {
  await browser.close();
  server.kill('SIGTERM');
}
