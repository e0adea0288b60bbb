// End-to-end in headless Chromium against the real server:
// - a registered player in the web client reports another player's chat line, and the
//   player himself, with the ⚑ control and its form (web/report.js); a moderator sees both
//   in the console's queue, the reported line marked among the chat around it;
// - a tournament director scoped to one event runs it from the console's tournaments view
//   (web/admin/tournaments.js): sees only that event, opens it, adds a player and a bot,
//   starts it, pauses and resumes it, disqualifies an entrant and ends it early, each with
//   a reason; the owner sees the actions in the audit log.
//
// usage: node test_admin_reports_tournaments.mjs KAFENIO_BINARY WEB_DIR ARTIFACTS_DIR
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { assert, chooseGame, installRawClient, launchBrowser, showPagesOnFailure, startConsoleServer } from './page_helpers.mjs';

const [binary, webDir, artifacts] = process.argv.slice(2);
mkdirSync(artifacts, { recursive: true });
const PASSWORD = 'tavli and ouzo';

const db = join(mkdtempSync(join(tmpdir(), 'kafenio-console-2-')), 'kafenio.db');
for (const [name, role, scope] of [['elena', 'owner'], ['dora', 'director', '1']]) {
  execFileSync(binary, ['admin', 'create-user', name, '--role', role, '--db', db,
    ...(scope ? ['--scope', scope] : [])], { input: `${name}'s long passphrase\n` });
}
const { server, publicUrl, adminUrl } = await startConsoleServer(binary, webDir, db);
const wsUrl = `${publicUrl.replace('http', 'ws')}/ws`;

async function consoleFor(browser, name) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 1000 }, locale: 'en-GB' });
  await page.goto(`${adminUrl}/admin/`);
  const login = page.locator('#login');  // the staff form has a name and password too
  await login.getByLabel('Name', { exact: true }).fill(name);
  await login.getByLabel('Password', { exact: true }).fill(`${name}'s long passphrase`);
  await page.locator('#login button[type=submit]').click();
  await page.locator('#who', { hasText: `${name} (` }).waitFor();
  return page;
}

const browser = await launchBrowser();
try {
  // --- Zoe, registered in the web client, opens a Diloti table.
  const zoe = await (await browser.newContext({ locale: 'en-GB' })).newPage();
  await zoe.goto(publicUrl);
  await zoe.getByLabel('Account name').fill('ζωή');
  await zoe.getByLabel('Password').fill(PASSWORD);
  await zoe.getByRole('button', { name: 'Register' }).click();
  await zoe.getByRole('heading', { name: 'New table' }).waitFor();
  await chooseGame(zoe, 'diloti');
  await zoe.locator('form.create-table select[name=seats]').selectOption('2');
  await zoe.locator('form.create-table input[name=bots]').setChecked(false);
  await zoe.getByRole('button', { name: 'Create table' }).click();
  await zoe.waitForFunction(() => window.kafenio.state.table && window.kafenio.state.table.id);
  const tableId = await zoe.evaluate(() => window.kafenio.state.table.id);

  // Takis (a protocol client in another page) joins, sits opposite her and insults her in the chat; he
  // also creates the tournament the director runs below.
  const takis = await browser.newPage();
  await takis.goto(`${publicUrl}/healthz`);
  await installRawClient(takis);
  await takis.evaluate(async ([url, table, password]) => {
    const { request } = await window.rawClient(url);
    window.request = request;
    await request('register', { name: 'τάκης', password });
    await request('join_table', { table_id: table });
    await request('sit', { table_id: table, seat: 1 });
    await request('send_chat', { table_id: table, text: 'χάσου, κότα' });
    await request('create_tournament', { settings: {
      name: 'Κύπελλο Λεμεσού', game: 'diloti', seats: 2, format: 'swiss', swiss_rounds: 3,
      unit: { hands: 2 }, rated: false } });
  }, [wsUrl, tableId, PASSWORD]);

  // --- Zoe reports the line with the ⚑ beside it, then Takis himself from his seat.
  await zoe.locator('.chat-log li', { hasText: 'χάσου, κότα' }).waitFor();
  await zoe.getByRole('button', { name: 'Report this message by τάκης' }).click();
  const dialog = zoe.locator('dialog.report-dialog');
  await dialog.getByRole('heading', { name: 'Report this message by τάκης' }).waitFor();
  await dialog.getByLabel('Why').selectOption('abuse');
  await dialog.getByLabel('What happened').fill('βρισιές στη συνομιλία');
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await dialog.getByText('Thank you: the moderators will look at it').waitFor();
  await dialog.waitFor({ state: 'detached' });
  // A match between them, so that his seat shows beside the board with its ⚑.
  await zoe.getByRole('button', { name: 'Ready', exact: true }).click();
  await takis.evaluate((table) => window.request('set_ready', { table_id: table, ready: true }), tableId);
  await zoe.locator('.game.diloti').waitFor({ timeout: 30000 });
  await zoe.getByRole('button', { name: 'Report τάκης' }).first().click();
  await dialog.getByLabel('Why').selectOption('name');
  await dialog.getByLabel('What happened').fill('προσβλητικό όνομα');
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await dialog.getByText('Thank you: the moderators will look at it').waitFor();
  await zoe.screenshot({ path: `${artifacts}/report-form.png` });

  // --- The owner (a moderator's powers) sees both reports in the queue.
  const owner = await consoleFor(browser, 'elena');
  await owner.locator('#report-filter button[type=submit]').click();
  const lineReport = owner.locator('#reports li', { hasText: 'βρισιές στη συνομιλία' });
  await lineReport.locator('.reported-line', { hasText: 'τάκης: χάσου, κότα' }).waitFor();
  await lineReport.getByText(/Abuse or insults: ζωή reported τάκης/).waitFor();
  await owner.locator('#reports li', { hasText: 'προσβλητικό όνομα' })
    .getByText(/Offensive name: ζωή reported τάκης/).waitFor();

  // --- The director, scoped to event 1, runs it from the console.
  await takis.evaluate(() => window.request('create_tournament', { settings: {
    name: 'Κύπελλο Πάφου', game: 'diloti', seats: 2, format: 'swiss', swiss_rounds: 3,
    unit: { hands: 2 }, rated: false } }));
  const dora = await consoleFor(browser, 'dora');
  assert(await dora.locator('#reports-section').isHidden(), 'a director has no reports queue');
  await dora.locator('#tournament-filter button[type=submit]').click();
  const rows = dora.locator('#tournaments tbody tr');
  await rows.filter({ hasText: 'Κύπελλο Λεμεσού' }).waitFor();
  assert(await rows.filter({ hasText: 'Κύπελλο Πάφου' }).count() === 0, 'event 2 is out of scope');
  await rows.filter({ hasText: 'Κύπελλο Λεμεσού' }).getByRole('button', { name: 'Open' }).click();
  await dora.locator('#tournament-title', { hasText: 'Κύπελλο Λεμεσού (#1)' }).waitFor();
  await dora.locator('#tournament-state', { hasText: 'director τάκης' }).waitFor();

  const form = dora.locator('#tournament-form');
  // No reason: refused on the page, nothing sent.
  await dora.locator('#tour-bot').click();
  await dora.locator('#message', { hasText: 'Write a reason first.' }).waitFor();
  await form.getByLabel('Reason').fill('entries by phone');
  for (const name of ['ζωή', 'τάκης']) {
    await form.getByLabel('Player').fill(name);
    await dora.locator('#tour-add').click();
    await dora.locator('#tournament-entrants tbody tr', { hasText: name }).waitFor();
  }
  await form.getByLabel('Player').fill('');
  await dora.locator('#tour-bot').click();
  await dora.locator('#tournament-entrants tbody tr', { hasText: 'Bot 3' }).waitFor();
  // A refusal of the director's code shows as it is.
  await form.getByLabel('Player').fill('nobody at all');
  await dora.locator('#tour-add').click();
  await dora.locator('#message', { hasText: 'no player named nobody at all' }).waitFor();

  await form.getByLabel('Reason').fill('all present');
  await dora.locator('#tour-start').click();
  await dora.locator('#tournament-state', { hasText: 'running' }).waitFor();
  await dora.locator('#tournament-rounds li[data-round="1"]').waitFor();
  await form.getByLabel('Reason').fill('power cut');
  await dora.locator('#tour-pause').click();
  await dora.locator('#tournament-state', { hasText: 'paused' }).waitFor();
  await dora.locator('#tour-resume').click();
  // (Polled from here: the console's CSP forbids the evaluated predicates of waitForFunction.)
  for (let tries = 0; (await dora.locator('#tournament-state').textContent()).includes('paused'); tries += 1) {
    assert(tries < 200, 'the event shows as resumed');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await form.getByLabel('Reason').fill('abusive in the chat');
  await dora.locator('#tournament-entrants tbody tr', { hasText: 'τάκης' })
    .getByRole('button', { name: 'Disqualify' }).click();
  await dora.locator('#tournament-entrants tbody tr', { hasText: 'τάκης' })
    .getByText('disqualified').waitFor();
  await form.getByLabel('Reason').fill('closing early');
  await dora.locator('#tour-end').click();
  await dora.locator('#tournament-state', { hasText: 'finished' }).waitFor();
  await dora.screenshot({ path: `${artifacts}/console-tournament.png`, fullPage: true });

  // --- The owner sees the director's actions in the audit log; the page speaks Greek too.
  await owner.locator('#audit-filter input[name=actor]').fill('dora');
  await owner.locator('#audit-filter button[type=submit]').click();
  const audit = owner.locator('#audit tbody');
  for (const action of ['tournament.add_entrant', 'tournament.add_bot', 'tournament.start',
    'tournament.pause', 'tournament.resume', 'tournament.disqualify', 'tournament.end_early']) {
    await audit.locator('tr', { hasText: action }).first().waitFor();
  }
  await audit.locator('tr', { hasText: 'tournament.add_entrant' })
    .filter({ hasText: 'refused: no player named nobody at all' }).waitFor();
  await owner.locator('#language').click();
  await owner.getByRole('heading', { name: 'Τουρνουά', exact: true }).waitFor();
  await owner.locator('#tournament-filter button[type=submit]').click();
  await owner.locator('#tournaments tbody tr', { hasText: 'Κύπελλο Πάφου' })
    .getByRole('button', { name: 'Άνοιγμα' }).waitFor();
  console.log('ok');
} catch (error) {
  await showPagesOnFailure(browser, artifacts, 'console-reports');
  throw error;
} finally {
  await browser.close();
  server.kill('SIGTERM');
}
