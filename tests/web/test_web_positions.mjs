// End-to-end: positions the page must show, reached for real. The server runs on a fresh
// database with a secret chosen so that the first table's first deal holds what the test
// needs (seeded_deals.mjs: the server's own seed derivation, the SDK's deal); the other
// players are helper_players.mjs clients whose moves the test decides. Nothing is faked
// in the page: every card, bid and move comes from the server.
//
// Pilotta (English, desktop): Ελένη is eldest with J 9 A 10 K Q of one suit. She bids 80
// in it from the bidding panel, an opponent says contra and she says recontra: the
// contract bar shows "contra ×2", then "recontra ×4". In the first trick she declares the
// run (shown at her seat with suit symbols: "declared 100 (9♠ 10♠ J♠ Q♠ K♠ A♠)"), leads
// her trumps from the top and, on the king, is offered belote as two clear buttons; she
// says it, and once the queen is played her seat shows Belote. In Greek the same.
//
// Diloti (English, desktop), the whole match by keyboard only (Tab, Shift+Tab, arrows,
// Space, Enter): the opponent lays A♠ on 2♣ 4♣ 5♥ 3♠ and Ελένη takes all five with 5♦,
// a xeri, marked at her seat and counted in the middle; then every move to the match's
// end, each picked card and table card reached by keys; every card has a name.
//
// usage: node test_web_positions.mjs KAFENIO_BINARY WEB_DIR ARTIFACTS_DIR
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { accessible, assert, chooseGame, launchBrowser, noErrorsShown, runParts, startServer } from './page_helpers.mjs';
import { helperPlayers } from './helper_players.mjs';
import { dilotiValue, secretFor, splitsInto } from './seeded_deals.mjs';

const [binary, webDir, artifacts] = process.argv.slice(2);
mkdirSync(artifacts, { recursive: true });
const { matchingMoves, tableItemsOf } = await import(pathToFileURL(join(webDir, 'diloti_builder.js')).href);
const { randomFamilyMove } = await import(pathToFileURL(join(webDir, 'sdk', 'kafenio-client.js')).href);
const DESKTOP = { width: 1280, height: 900 };
const SYMBOL = { c: '♣', d: '♦', h: '♥', s: '♠' };
const pageErrors = [];

// A page signed in as a guest, at a new table of `game` with no bots; returns the table id.
async function atNewTable(browser, url, game, { seats, target }) {
  const context = await browser.newContext({ viewport: DESKTOP, locale: 'en-GB' });
  const page = await context.newPage();
  page.on('pageerror', (error) => pageErrors.push(error));
  await page.goto(url);
  await page.getByLabel('Your name').fill('Ελένη');
  await page.getByRole('button', { name: 'Play as guest' }).click();
  await page.getByRole('heading', { name: 'New table' }).waitFor();
  await chooseGame(page, game);
  if (seats) await page.locator('select[name=seats]').selectOption(String(seats));
  await page.locator('input[name=target]').fill(String(target));
  await page.locator('input[name=bots]').uncheck();
  await page.locator('form.create-table button[type=submit]').click();
  await page.locator('.seat-list').waitFor({ timeout: 30000 });
  return { page, tableId: await page.evaluate(() => window.kafenio.state.table.id) };
}

// The page was dealt what the seed says (table 1, match 1, hand 1 of a fresh server).
async function dealtAsSeeded(page, seeded) {
  await page.locator('.hand .card').first().waitFor({ timeout: 30000 });
  const view = await page.evaluate(() => window.kafenio.state.table.view);
  assert(JSON.stringify([...view.hand].sort()) === JSON.stringify([...seeded.deal.hands[0]].sort()) && view.dealer === seeded.dealer,
    `dealt ${view.hand} (dealer ${view.dealer}); the seed deals ${seeded.deal.hands[0]} (dealer ${seeded.dealer})`);
}

// Waits until the page may move and shows `selector`.
function myTurnShows(page, selector) {
  return page.waitForFunction((sel) => {
    const { table, moving } = window.kafenio.state;
    const view = table && table.view;
    return view && view.to_act === view.viewer && !moving && !document.querySelector('.hand-summary') && document.querySelector(sel);
  }, selector, { timeout: 30000 });
}

async function pilottaPositions(browser) {
  const seeded = await secretFor(webDir, { game: 'pilotta', seats: 4, preset: 'cyprus' }, (deal, dealer) => dealer === 3
    && ['c', 'd', 'h', 's'].find((s) => ['J', '9', 'A', 'T', 'K', 'Q'].every((r) => deal.hands[0].includes(r + s))), 13771);
  const trump = seeded.found;
  const { server, url } = await startServer(binary, webDir, [`secret_file=${seeded.file}`]);
  let helpers = null;
  try {
    const { page, tableId } = await atNewTable(browser, url, 'pilotta', { target: 300 });
    helpers = await helperPlayers(browser, url, tableId, [
      { seat: 1, name: 'Νίκος', prefer: [{ kind: 'contra' }, { kind: 'pass' }] },
      { seat: 2, name: 'Μαρία', prefer: [{ kind: 'pass' }] },
      { seat: 3, name: 'Γιάννης', prefer: [{ kind: 'pass' }] },
    ]);
    await page.getByRole('button', { name: 'Ready', exact: true }).click();
    await dealtAsSeeded(page, seeded);

    // The auction: 80 in the trump suit from the bidding panel; contra, then recontra.
    const bid = page.locator('.bid-row', { has: page.locator('.bid-value', { hasText: /^80$/ }) }).locator(`button.suit-${trump}`);
    await myTurnShows(page, '.bid-grid');
    await bid.click();
    await myTurnShows(page, '.side-panel button.move-recontra');
    const contract = page.locator('.centre .contract');
    const doubled = await contract.textContent();
    // A guest's name carries a tag (Ελένη#3f2a).
    assert(new RegExp(`^Contract: 80 ${SYMBOL[trump]} by Ελένη#\\w+ \\(you\\) · contra ×2$`).test(doubled), `after the contra: ${doubled}`);
    assert(await contract.evaluate((e) => e.classList.contains('doubled')), 'a doubled contract is marked');
    await page.locator('.side-panel button.move-recontra').click();
    await page.waitForFunction(() => document.querySelector('.centre .contract').textContent.endsWith('recontra ×4'), null, { timeout: 30000 });

    // The first trick: the declaration, with suit symbols, at her seat and in the panel.
    await myTurnShows(page, '.side-panel button.move-declare');
    const declare = await page.locator('.side-panel button.move-declare').textContent();
    assert(declare.includes(`A${SYMBOL[trump]}`) && declare.includes(`9${SYMBOL[trump]}`), `the declaration offered: ${declare}`);
    await page.locator('.side-panel button.move-declare').click();
    const run = ['9', '10', 'J', 'Q', 'K', 'A'].map((r) => `${r}${SYMBOL[trump]}`).join(' ');
    await page.locator('.seat-area[data-seat="0"] .seat-declaration').waitFor({ timeout: 30000 });
    const declared = await page.locator('.seat-area[data-seat="0"] .seat-declaration').textContent();
    assert(declared === `declared 100 (${run})`, `the declaration at her seat: ${declared}`);
    assert((await page.locator('.side-panel .declarations').textContent()).includes(`100 (${run})`), 'and in the panel');

    // Her trumps from the top: each wins, so she leads again; belote on the king.
    for (const rank of ['J', '9', 'A', 'T']) {
      const card = page.locator(`.hand button.card.legal[data-card="${rank}${trump}"]`);
      await myTurnShows(page, `.hand button.card.legal[data-card="${rank}${trump}"]`);
      await card.click();
    }
    await myTurnShows(page, `.side-panel button.move-play[data-notation^="play K${trump}"]`);
    const choices = await page.locator(`.side-panel button.move-play[data-notation^="play K${trump}"]`).allTextContents();
    assert(JSON.stringify(choices.sort()) === JSON.stringify([`Play K${SYMBOL[trump]} and say belote`, `Play K${SYMBOL[trump]} without belote`]),
      `belote as a clear choice: ${choices}`);
    // The queen is offered the same way (either may be the first of the two).
    const sayIt = page.locator(`.side-panel button.move-play.belote[data-notation^="play K${trump}"]`);
    assert(await sayIt.count() === 1, 'the belote button stands out');
    await page.screenshot({ path: `${artifacts}/positions-belote-choice-desktop.png`, fullPage: true });
    await sayIt.click();
    await myTurnShows(page, `.hand button.card.legal[data-card="Q${trump}"], .side-panel button.move-play[data-notation^="play Q${trump}"]`);
    await page.locator(`.hand button.card.legal[data-card="Q${trump}"], .side-panel button.move-play[data-notation^="play Q${trump}"]`).first().click();
    const belote = page.locator('.seat-area[data-seat="0"] .seat-belote');
    await belote.waitFor({ timeout: 30000 });
    assert(await belote.textContent() === 'Belote', 'her seat shows Belote');
    assert((await contract.textContent()).endsWith('recontra ×4'), 'the contract stays in view with its recontra');
    await page.screenshot({ path: `${artifacts}/positions-pilotta-desktop.png`, fullPage: true });
    await accessible(page, 'pilotta with belote and a recontra');

    // The same in Greek.
    await page.getByRole('button', { name: 'Αλλαγή σε ελληνικά (switch to Greek)' }).click();
    const greek = await contract.textContent();
    assert(new RegExp(`^Συμβόλαιο: 80 ${SYMBOL[trump]} από Ελένη#\\w+ \\(εσείς\\) · ρεκόντρα ×4$`).test(greek), `in Greek: ${greek}`);
    assert(await belote.textContent() === 'Μπελότ', 'belote, in Greek');
    assert(await page.locator('.seat-area[data-seat="0"] .seat-declaration').textContent() === `δήλωσε 100 (${run})`, 'the declaration, in Greek');
    await page.screenshot({ path: `${artifacts}/positions-pilotta-el-desktop.png`, fullPage: true });
    await noErrorsShown(page);
    const errors = await helpers.errors();
    assert(errors.length === 0, `the helpers' moves: ${errors}`);
    await page.context().close();
  } finally {
    if (helpers) await helpers.close();
    server.kill('SIGTERM');
  }
}

// --- Diloti by keyboard ---------------------------------------------------------------

const focused = (page, selector) => page.evaluate((sel) => Boolean(document.activeElement && document.activeElement.matches(sel)), selector);

// Presses Tab (or Shift+Tab) until the focus is on `selector`.
async function tabTo(page, selector, back = false) {
  for (let presses = 0; presses < 120; presses += 1) {
    if (await focused(page, selector)) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`Tab never reached ${selector}`);
}

// Presses the right arrow along a row until the focus is on `selector`.
async function arrowTo(page, selector) {
  for (let presses = 0; presses < 30; presses += 1) {
    if (await focused(page, selector)) return;
    await page.keyboard.press('ArrowRight');
  }
  throw new Error(`the arrows never reached ${selector}`);
}

// One move by keys only: the hand card, each table card or declaration it uses, the
// button that sends it.
async function keyboardMove(page, move) {
  if (!(await focused(page, '.hand button.card'))) await tabTo(page, '.hand button.card');
  await arrowTo(page, `.hand button.card[data-card="${move.card}"]`);
  await page.keyboard.press('Space');
  assert(await page.locator(`.hand button.card[data-card="${move.card}"]`).getAttribute('aria-pressed') === 'true', `${move.card} picked`);
  const items = tableItemsOf(move);
  if (items.length) {
    await tabTo(page, '.table-cards button.table-item', true);
    for (const item of items) {
      await arrowTo(page, `.table-cards button.table-item[data-item="${item}"]`);
      await page.keyboard.press('Space');
      assert(await page.locator(`button.table-item[data-item="${item}"]`).getAttribute('aria-pressed') === 'true', `${item} picked`);
    }
  }
  await tabTo(page, `button.play-move[data-notation="${move.notation}"]`);
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => !window.kafenio.state.moving, null, { timeout: 30000 });
}

async function dilotiByKeyboard(browser) {
  const seeded = await secretFor(webDir, { game: 'diloti', seats: 2 }, (deal, dealer) => {
    const table = deal.table.map(dilotiValue);
    if (dealer !== 0 || table.includes(null)) return null;
    for (const lay of deal.hands[1].filter((c) => dilotiValue(c) !== null)) {
      const take = deal.hands[0].find((c) => dilotiValue(c) !== null && splitsInto([...table, dilotiValue(lay)], dilotiValue(c)));
      if (take) return { lay, take };
    }
    return null;
  }, 168);
  const { lay, take } = seeded.found;
  const { server, url } = await startServer(binary, webDir, [`secret_file=${seeded.file}`]);
  let helpers = null;
  try {
    const { page, tableId } = await atNewTable(browser, url, 'diloti', { seats: 2, target: 11 });
    helpers = await helperPlayers(browser, url, tableId, [{ seat: 1, name: 'Νίκος', prefer: [{ kind: 'lay', card: lay }] }]);
    await page.getByRole('button', { name: 'Ready', exact: true }).click();
    await dealtAsSeeded(page, seeded);

    let moves = 0;
    let xeri = false;
    for (let steps = 0; steps < 400; steps += 1) {
      const state = await page.waitForFunction(() => {
        const { table, moving } = window.kafenio.state;
        if (document.querySelector('.hand-summary')) return 'summary';
        if (table && table.ended) return 'ended';
        return !moving && document.querySelector('.hand button.card.legal') ? 'move' : false;
      }, null, { timeout: 30000 }).then((h) => h.jsonValue());
      if (state === 'ended') break;
      if (state === 'summary') {
        await tabTo(page, '.hand-summary button.summary-close');
        await page.keyboard.press('Enter');
        continue;
      }
      // The view's plain moves and move families (numeral captures and groups), and every
      // table item.
      const view = await page.evaluate(() => {
        const v = window.kafenio.state.table.view;
        return { moves: v.legal_moves || [], families: v.move_families || [],
          items: [...(v.loose || []), ...(v.declarations || []).map((d) => `@${d.value}`)] };
      });
      // A family's move as the page builds it from its table items (the same matching).
      const asBuilt = (m) => matchingMoves(view, m.card, tableItemsOf(m)).find((b) => b.kind === m.kind);
      // The first move: the xeri the deal holds (all five cards on the table).
      const sweep = !xeri && matchingMoves(view, take, view.items).find((m) => m.kind === 'capture'
        && tableItemsOf(m).length === 5);
      if (moves === 0) {
        assert(sweep, `the xeri is offered: ${view.moves.map((m) => m.notation).join(', ')}; ${JSON.stringify(view.families)}`);
      }
      const family = view.families.find((f) => f.kind === 'capture') || (view.moves.length ? null : view.families[0]);
      const move = moves === 0 ? sweep : view.moves.find((m) => m.kind === 'capture')
        || (family && asBuilt(randomFamilyMove(family, () => 0.9))) || view.moves[0];
      await keyboardMove(page, move);
      moves += 1;
      if (moves === 1) {
        const mark = page.locator('.seat-area[data-seat="0"] .seat-last-move.xeri');
        await mark.waitFor({ timeout: 30000 });
        assert((await mark.textContent()).includes('Xeri!'), `the xeri at her seat: ${await mark.textContent()}`);
        assert(await page.locator('.centre .xeri-count').textContent() === 'Xeri: 1 – 0', 'the xeri counted in the middle');
        const unnamed = await page.evaluate(() => [...document.querySelectorAll('.card:not(.back)')]
          .filter((card) => !(card.getAttribute('aria-label') || (card.querySelector(':scope > .visually-hidden') || {}).textContent)).length);
        assert(unnamed === 0, `${unnamed} cards without an accessible name`);
        await page.screenshot({ path: `${artifacts}/positions-diloti-xeri-desktop.png`, fullPage: true });
        await accessible(page, 'diloti after a xeri');
        xeri = true;
      }
    }
    await page.locator('.match-over').waitFor({ timeout: 30000 });
    assert(moves >= 12, `${moves} moves by keyboard`);
    console.log(`diloti: ${moves} moves by keyboard to the match's end`);
    await noErrorsShown(page);
    const errors = await helpers.errors();
    assert(errors.length === 0, `the helper's moves: ${errors}`);
    await page.context().close();
  } finally {
    if (helpers) await helpers.close();
    server.kill('SIGTERM');
  }
}

const browser = await launchBrowser();
let passed = false;
try {
  passed = await runParts(browser, [['pilotta', () => pilottaPositions(browser)], ['diloti by keyboard', () => dilotiByKeyboard(browser)]],
    { artifacts, prefix: 'positions', pageErrors });
} finally {
  await browser.close();
}
process.exit(passed ? 0 : 1);
