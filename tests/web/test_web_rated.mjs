// End-to-end: a rated match between two people, each in a browser of their own (Greek
// names; one page in Greek, one in English), through the page (docs/web-client.md,
// "Rated matches"):
//
// - both register, Ελένη creates a rated 2-player Diloti table to 11 with no bots, Νίκος
//   sits at it from the lobby, both press Ready;
// - each seat shows its player's rating (1500 for a first rated match), on both pages;
// - the match is played to its end through each page's connection (the builder and the
//   keyboard are web/table's and web/client's); under "Match over" each player's rating
//   change, the same numbers the server's rating history holds;
// - Rematch on both pages starts a new match with both players in their seats, whose seats
//   now show the ratings the first match left; played to its end, the changes again;
// - back in the lobby the ratings header shows numbers (no "[object ...]"), and the
//   profile's graph has a point per rated match from 1500, read from get_rating_history
//   (the request is seen on the page's WebSocket);
// - axe-core finds no serious violation at the match's end nor on the profile.
// Screenshots: build/release/tests/web/artifacts/rated-*.png.
//
// usage: node test_web_rated.mjs KAFENIO_BINARY WEB_DIR ARTIFACTS_DIR
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { accessible, assert, chooseGame, launchBrowser, noErrorsShown, playToTheEnd, runParts, startServer } from './page_helpers.mjs';

const [binary, webDir, artifacts] = process.argv.slice(2);
mkdirSync(artifacts, { recursive: true });
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };
const pageErrors = [];
// The page's frames, read with the SDK's own decoder (JSON or binary).
const { decodeEnvelope } = await import(pathToFileURL(join(webDir, 'sdk', 'kafenio-client.js')).href);

async function player(browser, url, { name, locale, viewport, labels }) {
  const context = await browser.newContext({ viewport, locale });
  const page = await context.newPage();
  page.on('pageerror', (error) => pageErrors.push(error));
  // Every request the page sends, by case (to see where the profile's graph comes from).
  page.sent = [];
  page.on('websocket', (ws) => ws.on('framesent', ({ payload }) => page.sent.push(decodeEnvelope(payload).body.case)));
  await page.goto(url);
  await page.getByLabel(labels.account).fill(name);
  await page.getByLabel(labels.password).fill('kafenio-secret');
  await page.getByRole('button', { name: labels.register }).click();
  await page.getByRole('heading', { name: labels.newTable }).waitFor();
  assert(await page.locator('#who').textContent() === name, `${name} is signed in`);
  return page;
}

// The seats' names and ratings as drawn: seat → { name, rating }.
function seatsShown(page) {
  return page.evaluate(() => Object.fromEntries([...document.querySelectorAll('.felt .seat-area')].map((area) => [area.dataset.seat, {
    name: area.querySelector('.seat-name').textContent,
    rating: (area.querySelector('.seat-rating') || {}).textContent || null,
  }])));
}

// Waits until both seats show a rating, and returns them.
async function seatRatings(page) {
  await page.waitForFunction(() => document.querySelectorAll('.felt .seat-rating').length === 2, null, { timeout: 20000 });
  return seatsShown(page);
}

// The server's rating history of `accountId` in Diloti 1v1, asked through the page.
function storedHistory(page, accountId) {
  return page.evaluate((id) => window.kafenio.conn.request('get_rating_history', { account_id: id, mode: 'diloti-1v1' })
    .then((r) => r.rating_history), accountId);
}

// The rating changes shown under "Match over", by seat.
async function changesShown(page) {
  await page.locator('.rating-changes .rating-change').nth(1).waitFor({ timeout: 20000 });
  return page.evaluate(() => Object.fromEntries([...document.querySelectorAll('.rating-changes .rating-change')]
    .map((r) => [r.dataset.seat, { account: r.dataset.account, text: r.textContent, after: Number(r.querySelector('.after').textContent) }])));
}

// Both pages play the match in progress to its end; returns its id and how it ended.
async function playMatch(pages) {
  await Promise.all(pages.map((page) => page.waitForFunction(() => {
    const { table } = window.kafenio.state;
    return table && table.view && !table.ended && table.view.phase !== 'match_over';
  }, null, { timeout: 30000 })));
  const matchId = await pages[0].evaluate(() => window.kafenio.state.table.matchId);
  await Promise.all(pages.map(playToTheEnd));
  for (const page of pages) {
    await page.locator('.match-over').waitFor({ timeout: 30000 });
    const summary = page.locator('.hand-summary button.summary-close');
    if (await summary.count()) await summary.click();
  }
  const ended = await pages[0].evaluate(() => window.kafenio.state.table.ended);
  return { matchId, ended };
}

// After match `matchId`: each page shows both players' changes, as the server stored them.
async function checkChanges(pages, accounts, matchId, before) {
  const after = {};
  for (const [seat, id] of accounts.entries()) {
    const history = await storedHistory(pages[0], id);
    const last = history.points[history.points.length - 1];
    assert(String(last.match_id) === String(matchId), `the newest point of ${id} is match ${matchId}: ${JSON.stringify(history)}`);
    after[seat] = Math.round(last.rating);
  }
  for (const page of pages) {
    const shown = await changesShown(page);
    for (const seat of [0, 1]) {
      const row = shown[seat];
      assert(row && row.account === accounts[seat], `seat ${seat}'s change is shown: ${JSON.stringify(shown)}`);
      assert(row.after === after[seat], `seat ${seat}: shown ${row.after}, stored ${after[seat]}`);
      const diff = after[seat] - before[seat];
      const sign = diff >= 0 ? `+${diff}` : `−${-diff}`;
      assert(row.text.includes(`${before[seat]} → ${after[seat]} (${sign})`), `seat ${seat}: ${row.text} (from ${before[seat]})`);
    }
  }
  assert(after[0] !== before[0] && after[1] !== before[1], 'a rated match moves both ratings');
  return after;
}

async function ratedMatch(browser, url) {
  const eleni = await player(browser, url, { name: 'Ελένη', locale: 'el-GR', viewport: PHONE,
    labels: { account: 'Όνομα λογαριασμού', password: 'Κωδικός', register: 'Εγγραφή', newTable: 'Νέο τραπέζι' } });
  const nikos = await player(browser, url, { name: 'Νίκος', locale: 'en-GB', viewport: DESKTOP,
    labels: { account: 'Account name', password: 'Password', register: 'Register', newTable: 'New table' } });
  const pages = [eleni, nikos];

  // A rated table, no bots: Ελένη creates it and sits; Νίκος finds it in the lobby.
  await chooseGame(eleni, 'diloti');
  await eleni.locator('select[name=seats]').selectOption('2');
  await eleni.locator('input[name=target]').fill('11');
  await eleni.locator('input[name=bots]').uncheck();
  await eleni.locator('input[name=rated]').check();
  await eleni.locator('form.create-table button[type=submit]').click();
  await eleni.locator('.game.diloti, .seat-list').first().waitFor({ timeout: 30000 });
  const tableId = await eleni.evaluate(() => window.kafenio.state.table.id);
  const sit = nikos.locator(`.lobby-table[data-table="${tableId}"] button`, { hasText: 'Sit' });
  await sit.waitFor({ timeout: 30000 });
  await sit.click();
  await nikos.locator('.seat-list').waitFor({ timeout: 30000 });
  for (const [page, ready] of [[eleni, 'Έτοιμος'], [nikos, 'Ready']]) {
    await page.getByRole('button', { name: ready, exact: true }).click();
  }
  await nikos.locator('.game.diloti .hand .card').first().waitFor({ timeout: 30000 });
  const info = await eleni.evaluate(() => window.kafenio.state.table.info);
  assert(info.rated === true, 'the table is rated');
  const accounts = info.seats.map((s) => String(s.account_id));
  assert(info.seats.map((s) => s.name).join() === 'Ελένη,Νίκος', `seated: ${info.seats.map((s) => s.name)}`);

  // Each seat: its player's name and rating, on both pages.
  for (const page of pages) {
    const seats = await seatRatings(page);
    assert(seats[0].name === 'Ελένη' && seats[1].name === 'Νίκος', `names at the seats: ${JSON.stringify(seats)}`);
    assert(seats[0].rating === '★ 1500' && seats[1].rating === '★ 1500', `first rated match, ratings: ${JSON.stringify(seats)}`);
  }
  await eleni.screenshot({ path: `${artifacts}/rated-table-el-phone.png`, fullPage: true });

  const first = await playMatch(pages);
  const afterFirst = await checkChanges(pages, accounts, first.matchId, { 0: 1500, 1: 1500 });
  await nikos.screenshot({ path: `${artifacts}/rated-over-desktop.png`, fullPage: true });
  await accessible(nikos, 'the end of a rated match');
  await noErrorsShown(eleni);
  await noErrorsShown(nikos);

  // The rematch: both press it; a new match with both players, their new ratings shown.
  await eleni.getByRole('button', { name: 'Ρεβάνς' }).click();
  await nikos.getByRole('button', { name: 'Rematch' }).click();
  await Promise.all(pages.map((page) => page.waitForFunction((old) => {
    const { table } = window.kafenio.state;
    return table && table.matchId !== old && table.view && !table.ended;
  }, first.matchId, { timeout: 30000 })));
  const again = await nikos.evaluate(() => window.kafenio.state.table.info);
  assert(again.table_id === tableId && again.seats.map((s) => s.name).join() === 'Ελένη,Νίκος', `the rematch seats: ${JSON.stringify(again.seats)}`);
  for (const page of pages) {
    await page.waitForFunction((want) => [...document.querySelectorAll('.felt .seat-area')]
      .every((a) => (a.querySelector('.seat-rating') || {}).textContent === `★ ${want[a.dataset.seat]}`), afterFirst, { timeout: 20000 })
      .catch(async () => { throw new Error(`ratings after the first match: ${JSON.stringify(await seatsShown(page))}, want ${JSON.stringify(afterFirst)}`); });
  }
  const second = await playMatch(pages);
  assert(second.matchId !== first.matchId, 'the rematch is a new match');
  const afterSecond = await checkChanges(pages, accounts, second.matchId, afterFirst);

  // The lobby's ratings header: numbers, in Greek.
  await eleni.getByRole('button', { name: 'Έξοδος από το τραπέζι' }).click();
  const header = eleni.locator('.ratings[aria-label]');
  await header.waitFor({ timeout: 20000 });
  await eleni.waitForFunction((want) => (document.querySelector('.ratings .rating[data-mode="diloti-1v1"] strong') || {}).textContent === String(want),
    afterSecond[0], { timeout: 20000 });
  const headerText = await header.textContent();
  assert(!headerText.includes('[object'), `the ratings header: ${headerText}`);
  assert(headerText.includes(`${afterSecond[0]}`), `the header shows ${afterSecond[0]}: ${headerText}`);

  // The profile's graph: 1500 and a point per rated match, from the stored history.
  await eleni.getByRole('button', { name: 'Προφίλ' }).click();
  const graph = eleni.locator('.profile-mode[data-mode="diloti-1v1"] .rating-graph');
  await graph.waitFor({ timeout: 20000 });
  const points = (await graph.getAttribute('data-points')).split(' ').map(Number);
  assert(JSON.stringify(points) === JSON.stringify([1500, afterFirst[0], afterSecond[0]]),
    `the graph's points ${points}, want 1500 ${afterFirst[0]} ${afterSecond[0]}`);
  assert(await graph.locator('polyline').getAttribute('points').then((p) => p.trim().split(' ').length) === 3, 'three points drawn');
  assert(eleni.sent.includes('getRatingHistory'), `the page asked for the rating history: ${[...new Set(eleni.sent)]}`);
  await noErrorsShown(eleni);
  await eleni.screenshot({ path: `${artifacts}/rated-profile-el-phone.png`, fullPage: true });
  await accessible(eleni, 'the profile with its graph');
  console.log(`ratings: Ελένη 1500 → ${afterFirst[0]} → ${afterSecond[0]}; Νίκος 1500 → ${afterFirst[1]} → ${afterSecond[1]}`);
}

const { server, url } = await startServer(binary, webDir);
const browser = await launchBrowser();
let passed = false;
try {
  passed = await runParts(browser, [['rated match', () => ratedMatch(browser, url)]], { artifacts, prefix: 'rated', pageErrors });
} finally {
  await browser.close();
  server.kill('SIGTERM');
}
process.exit(passed ? 0 : 1);
