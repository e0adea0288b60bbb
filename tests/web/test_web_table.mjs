// End-to-end: the card table (docs/web-client.md) in headless Chromium against the real
// server, in both languages and at both sizes.
//
// Greek, phone-sized, reduced motion, a Greek name: the page speaks Greek (browser
// language el), the name is shown in the header and at the player's seat; a whole
// 2-player Diloti match against a bot, played with the page's buttons: the two seats face
// each other, the hand is sorted, the opponent's last move is shown at their seat, each
// side's captures can be opened, every hand ends with its summary, the match ends with a
// rematch button. Cards have spoken names; motion is a fade.
//
// English, desktop: a whole Pilotta match against three bots, by keyboard: the seats
// around the table (you at the bottom, partner at the top, the opponents left and right),
// the bidding panel beside the hand, every trick card in front of the player who played
// it, the contract always shown, the hand sorted with trumps first, the last trick staying
// open across updates, the hand's tricks to look back at, the end-of-hand summary.
//
// Sessions: switching language is remembered; "stay signed in" carries the session to a
// new tab, which finds the live match under "your tables" and goes back to it; signing
// out returns to the sign-in screen and stays signed out after a reload. The four-colour
// deck; /favicon.ico; an axe-core check of the table finds no serious violation.
//
// Phone sizes (390×844 in the Greek match, and a few tricks at 360×640, 640×360, 844×390):
// the trick's cards at rest clear of the contract, the hand and trick line, the turn line
// and the seats, and nothing over those words, also while a card flies in
// (table_geometry.mjs). Bots are named "Bot 2 (Strong)" at the seats and in the totals.
// Screenshots of each step go to the artifacts folder.
//
// usage: node test_web_table.mjs KAFENIO_BINARY WEB_DIR ARTIFACTS_DIR
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { accessible, assert, chooseGame, launchBrowser, noErrorsShown, runParts, startServer } from './page_helpers.mjs';
import { settled, trickClear, wordsOnTop } from './table_geometry.mjs';

const [binary, webDir, artifacts] = process.argv.slice(2);
mkdirSync(artifacts, { recursive: true });
const { sortHand } = await import(pathToFileURL(join(webDir, 'hand_order.js')).href);
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };
const pageErrors = [];

async function shot(page, name) {
  await page.screenshot({ path: `${artifacts}/table-${name}.png`, fullPage: true });
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  const viewport = page.viewportSize().width;
  assert(width <= viewport, `${name}: page is ${width}px wide on a ${viewport}px screen`);
}

// Watches the page for what passes too fast to catch between two steps of a test: each
// end-of-hand summary as first drawn (its delay, and the table under it: which hand, whether
// anything can be played) and each won trick or capture leaving the middle (its pause).
function watchPauses() {
  window.pauses = { summaries: [], collecting: [] };
  new MutationObserver(() => {
    const summary = document.querySelector('.hand-summary');
    const number = summary && summary.querySelector('h3').textContent.match(/\d+/)[0];
    if (summary && !window.pauses.summaries.some((s) => s.number === number)) {
      window.pauses.summaries.push({ number, delay: parseFloat(summary.style.animationDelay || '0'),
        centreHand: (document.querySelector('.centre .hand-number') || {}).textContent || '',
        playable: document.querySelectorAll('.bid-grid, .hand button.card.legal, button.move, button.play-move').length,
        tricks: document.querySelectorAll('details.hand-tricks li').length,
        lastTrick: Boolean(document.querySelector('details.last-trick')) });
    }
    for (const going of document.querySelectorAll('.collecting[class*="collect-to-"]:not([class*="-done"])')) {
      if (going.dataset.seen) continue;
      going.dataset.seen = '1';
      window.pauses.collecting.push({ cards: going.querySelectorAll('.card').length, delay: parseFloat(going.style.animationDelay || '0'),
        animation: getComputedStyle(going).animationName });
    }
  }).observe(document, { childList: true, subtree: true });
}

// Each hand's summary came in after a pause, over the table as that hand ended (its
// number, nothing to play), and each won trick (Pilotta) or capture (Diloti) stayed a
// moment in the middle before it went, travelling or (reduced motion) fading.
async function checkPauses(page, game, reduced) {
  const { summaries, collecting } = await page.evaluate(() => window.pauses);
  assert(summaries.length >= 1, 'a summary was seen');
  for (const s of summaries) {
    assert(s.delay >= 900, `hand ${s.number}'s summary came in after ${s.delay} ms`);
    assert((s.centreHand.match(/\d+/) || [])[0] === s.number, `under hand ${s.number}'s summary the table shows ${s.centreHand}`);
    assert(s.playable === 0, `under hand ${s.number}'s summary ${s.playable} things can be played (the next deal is shown)`);
  }
  const first = collecting.filter((c) => c.delay >= 400);
  assert(first.length >= 1, `won tricks or captures waited in the middle: ${JSON.stringify(collecting.slice(0, 5))}`);
  if (game === 'pilotta') assert(first.some((c) => c.cards === 4 && c.delay >= 900), 'a won trick stays 0.9 s in the middle');
  const names = new Set(first.map((c) => c.animation));
  assert([...names].every((n) => (reduced ? n === 'fade-out' : n.startsWith('collect-to-'))), `leaving the middle: ${[...names]}`);
  return summaries;
}

async function newContext(browser, options) {
  const context = await browser.newContext(options);
  await context.addInitScript(watchPauses);
  context.on('page', (page) => page.on('pageerror', (error) => pageErrors.push(error)));
  return context;
}

// The seat positions drawn: seat number → "bottom", "top", "left" or "right".
function seatPositions(page) {
  return page.evaluate(() => Object.fromEntries([...document.querySelectorAll('.felt .seat-area')]
    .map((area) => [area.dataset.seat, [...area.classList].find((c) => c.startsWith('at-')).slice(3)])));
}

// Creates a table from the lobby's form (whatever the language: by the fields' names).
async function createTable(page, game, { seats, target }) {
  await chooseGame(page, game);
  if (seats) await page.locator('select[name=seats]').selectOption(String(seats));
  await page.locator('input[name=target]').fill(String(target));
  await page.locator('form.create-table button[type=submit]').click();
  await page.locator(`.game.${game}`).waitFor({ timeout: 30000 });
}

// Every card drawn has a spoken name; the hand is in the documented order.
async function checkCards(page, game) {
  // A shown card is a picture with a name; a card to press is a button named by hidden words.
  const unnamed = await page.evaluate(() => [...document.querySelectorAll('.card:not(.back)')]
    .filter((card) => !(card.getAttribute('aria-label') || (card.querySelector(':scope > .visually-hidden') || {}).textContent)).length);
  assert(unnamed === 0, `${unnamed} cards without an accessible name`);
  const { hand, trump } = await page.evaluate(() => {
    const view = window.kafenio.state.table.view;
    const c = view.contract;
    return { hand: [...document.querySelectorAll('.hand .card')].map((e) => e.dataset.card),
      trump: c && c.bidder >= 0 && c.known !== false ? c.trump : '' };
  });
  const sorted = sortHand(hand, game, trump);
  assert(JSON.stringify(hand) === JSON.stringify(sorted), `hand order ${hand} is not ${sorted}`);
  if (game === 'pilotta' && ['c', 'd', 'h', 's'].includes(trump) && hand.some((c) => c.endsWith(trump))) {
    assert(hand[0].endsWith(trump), `trumps first: ${hand} (trump ${trump})`);
  }
}

// What each seat shows during a match: the cards held (other players), the dealer's mark
// at the dealer only, whose turn it is (with the clock on the player's own turn).
async function checkSeats(page) {
  const seen = await page.evaluate(() => {
    const { view } = window.kafenio.state.table;
    const seats = [...document.querySelectorAll('.felt .seat-area')].map((area) => ({
      seat: Number(area.dataset.seat),
      held: (area.querySelector('.held') || {}).textContent || null,
      dealer: area.querySelectorAll('.dealer-chip').length,
      toAct: Boolean(area.querySelector('.seat-badge.to-act')),
      clock: (area.querySelector('.clock') || {}).textContent || null,
    }));
    return { seats, view: { viewer: view.viewer, dealer: view.dealer, to_act: view.to_act, hand_sizes: view.hand_sizes, phase: view.phase } };
  });
  const { view } = seen;
  for (const s of seen.seats) {
    if (s.seat !== view.viewer) assert(Number(s.held) === view.hand_sizes[s.seat], `seat ${s.seat} shows ${s.held} cards, holds ${view.hand_sizes[s.seat]}`);
    assert(s.dealer === (s.seat === view.dealer ? 1 : 0), `the dealer's mark at seat ${s.seat} (dealer ${view.dealer})`);
    assert(s.toAct === (s.seat === view.to_act), `seat ${s.seat} to act? (to act: ${view.to_act})`);
    // The clock runs for a player (a bot's turn has none: docs/protocol.md).
    if (s.toAct && s.seat === view.viewer) assert(/\d+/.test(s.clock || ''), `the clock at my seat on my turn: ${s.clock}`);
  }
}

// Closes the end-of-hand summary when it shows; returns whether it did.
async function closeSummary(page) {
  const summary = page.locator('.hand-summary');
  if (!(await summary.count())) return false;
  assert((await summary.locator('.hand-result').count()) === 1, 'the summary has the hand breakdown');
  await summary.locator('button.summary-close').click();
  return true;
}

// --- Greek, phone, reduced motion: a whole Diloti match ----------------------------------

async function dilotiInGreek(browser, url) {
  const context = await newContext(browser, { viewport: PHONE, locale: 'el-GR', reducedMotion: 'reduce' });
  const page = await context.newPage();
  await page.goto(url);
  assert(await page.evaluate(() => document.documentElement.lang) === 'el', 'the page is Greek for a Greek browser');
  await page.getByLabel('Το όνομά σας').fill('Γιώργος');
  await page.getByRole('button', { name: 'Παίξτε ως επισκέπτης' }).click();
  await page.getByRole('heading', { name: 'Νέο τραπέζι' }).waitFor();
  const who = await page.locator('#who').textContent();
  assert(who.startsWith('Γιώργος'), `the Greek name is shown: ${who}`);
  await shot(page, 'lobby-el-phone');

  await createTable(page, 'diloti', { seats: 2, target: 11 });
  const heading = await page.locator('.table-head h2').textContent();
  assert(heading === 'Δηλωτή · Διαδικτυακοί κανόνες · στους 11 πόντους', `the rules in words, in Greek: ${heading}`);
  const positions = await seatPositions(page);
  assert(positions[0] === 'bottom' && positions[1] === 'top', `2-player seats: ${JSON.stringify(positions)}`);
  assert((await page.locator('.seat-badge.me .seat-name').textContent()).startsWith('Γιώργος'), 'my seat shows my Greek name');
  assert(await page.locator('.seat-area.at-top .seat-name').textContent() === 'Bot 2 (Δυνατό)', 'the bot named in Greek');
  await page.locator('.hand .card').first().waitFor({ timeout: 30000 });
  await checkCards(page, 'diloti');
  assert(await page.locator('.game.diloti .hand-row .hand').count() === 1, 'the hand is drawn');

  let summaries = 0;
  let sawOpponentMove = false;
  let sawCaptures = false;
  let shotTaken = false;
  for (let moves = 0; moves < 200; moves += 1) {
    const state = await page.waitForFunction(() => {
      const { table } = window.kafenio.state;
      if (document.querySelector('.hand-summary')) return 'summary';
      if (table && table.ended) return 'ended';
      return document.querySelector('.hand button.card.legal') && !window.kafenio.state.moving ? 'move' : false;
    }, null, { timeout: 30000 }).then((h) => h.jsonValue());
    if (state === 'ended') break;
    if (state === 'summary') {
      if (summaries === 0) {
        await page.waitForFunction(() => getComputedStyle(document.querySelector('.hand-summary')).opacity === '1');
        await shot(page, 'diloti-summary-el-phone');
      }
      summaries += await closeSummary(page) ? 1 : 0;
      if (await page.evaluate(() => Boolean(window.kafenio.state.table.ended))) break;
      continue;
    }
    if (!sawOpponentMove && await page.locator('.seat-area.at-top .seat-last-move').count()) {
      sawOpponentMove = true;
      const text = await page.locator('.seat-area.at-top .seat-last-move').textContent();
      assert(/Ρίχνω|Μαζεύω|Δήλωση|Ανεβάζω|Ομάδα/.test(text), `the opponent's last move, in Greek: ${text}`);
    }
    if (!sawCaptures && await page.evaluate(() => (window.kafenio.state.table.view.captured_cards || []).some((n) => n > 0))) {
      await page.locator('details.captures summary').click();
      const line = await page.locator('details.captures .captures-line').first().textContent();
      assert(/χαρτιά/.test(line), `captures panel: ${line}`);
      sawCaptures = true;
    }
    if (moves === 3) await checkCards(page, 'diloti');
    if (moves < 6) await checkSeats(page);
    // A move from the page: the hand card, then the first way to play it the builder offers.
    await page.locator('.hand button.card.legal').first().click();
    let send = page.locator('button.play-move');
    if (!(await send.count())) {
      await page.locator('.all-moves').evaluate((d) => { d.open = true; });
      await page.locator('.all-moves button.move').first().click();
      send = page.locator('button.play-move');
    }
    if (!shotTaken && moves >= 4) {
      shotTaken = true;
      await shot(page, 'diloti-el-phone');
      await accessible(page, 'diloti with a move being built');
    }
    await send.first().click();
    await page.waitForFunction(() => !window.kafenio.state.moving, null, { timeout: 30000 });
  }
  await page.locator('.match-over').waitFor({ timeout: 30000 });
  assert(summaries >= 1, 'every hand ended with a summary');
  assert(sawOpponentMove, "the opponent's last move was shown");
  assert(sawCaptures, 'the captures panel was opened');
  await checkPauses(page, 'diloti', true);
  // Reduced motion: cards fade, they do not travel.
  const animations = await page.evaluate(() => [...document.querySelectorAll('[class*="fly-from-"], [class*="collect-to-"]')]
    .map((e) => getComputedStyle(e).animationName).filter((n) => n !== 'none'));
  assert(animations.every((n) => n.startsWith('fade')), `reduced motion animates ${animations}`);
  const overText = await page.locator('.match-over').textContent();
  assert(overText.includes('Τέλος παρτίδας'), `match over, in Greek: ${overText}`);
  assert(await page.getByRole('button', { name: 'Ρεβάνς' }).count() === 1, 'a rematch button');
  await closeSummary(page);
  await noErrorsShown(page);
  // The captures panel still counts the last round's cards (52 between the two sides).
  const counts = (await page.locator('details.captures summary').textContent()).match(/\d+/g).map(Number);
  assert(counts.length === 2 && counts[0] + counts[1] === 52, `captures after the match: ${counts}`);
  await shot(page, 'diloti-over-el-phone');
  await context.close();
}

// --- English, desktop, keyboard: a whole Pilotta match ---------------------------------

// What a Pilotta page waits on next: a summary to read, the match's end, or a move to make.
function pilottaStep(page) {
  return page.waitForFunction(() => {
    const { table, moving } = window.kafenio.state;
    if (document.querySelector('.hand-summary')) return 'summary';
    if (table && table.ended) return 'ended';
    if (moving) return false;
    return document.querySelector('button.move-pass, .hand button.card.legal, .side-panel button.move') ? 'move' : false;
  }, null, { timeout: 30000 }).then((h) => h.jsonValue());
}

// Plays by keyboard whatever the page offers (passing in the auction: the bots take the
// contract), checking the table on the way, until the match ends.
async function pilottaInEnglish(browser, url) {
  const context = await newContext(browser, { viewport: DESKTOP, locale: 'en-GB' });
  const page = await context.newPage();
  await page.goto(url);
  assert(await page.evaluate(() => document.documentElement.lang) === 'en', 'English for an English browser');
  await page.getByLabel('Your name').fill('Ελένη Π.');
  await page.getByLabel('Stay signed in on this browser').check();
  await page.getByRole('button', { name: 'Play as guest' }).click();
  await page.getByRole('heading', { name: 'New table' }).waitFor();
  assert(!(await page.locator('.lobby-head').textContent()).includes('[object'), 'the lobby header prints no objects');

  await createTable(page, 'pilotta', { target: 10 });
  const heading = await page.locator('.table-head h2').textContent();
  assert(heading === 'Pilotta · Cyprus rules · to 10 points', `the rules in words: ${heading}`);
  const positions = await seatPositions(page);
  assert(JSON.stringify(positions) === JSON.stringify({ 0: 'bottom', 1: 'right', 2: 'top', 3: 'left' }),
    `4-player seats: ${JSON.stringify(positions)}`);
  // One name per bot, the same at its seat and in the totals.
  const bots = await page.locator('.felt .seat-area:not([data-seat="0"]) .seat-name').allTextContents();
  assert(JSON.stringify(bots) === JSON.stringify(['Bot 2 (Strong)', 'Bot 3 (Strong)', 'Bot 4 (Strong)']), `the bots' names: ${bots}`);
  const totals = await page.locator('.table-head .totals').textContent();
  assert(totals.includes('(you) & Bot 3 (Strong): ') && totals.includes('Bot 2 (Strong) & Bot 4 (Strong): '), `the totals name them so: ${totals}`);
  await page.locator('.hand .card').first().waitFor({ timeout: 30000 });

  // A second tab of the same browser: the session is kept, and "your tables" leads back.
  const other = await context.newPage();
  await other.goto(url);
  const back = other.locator('.your-tables button.go-back');
  await back.waitFor({ timeout: 30000 });
  await shot(other, 'your-tables-desktop');
  await back.click();
  await other.locator('.game.pilotta .hand .card').first().waitFor({ timeout: 30000 });
  await other.close();

  let sawAuctionPanel = false;
  let trickChecks = 0;
  let sawSummary = false;
  let checkedLastTrick = false;
  let trickShot = false;
  for (let moves = 0; moves < 300; moves += 1) {
    const state = await pilottaStep(page);
    if (state === 'ended') break;
    if (state === 'summary') {
      if (!sawSummary) {
        const verdict = await page.locator('.hand-summary').textContent();
        assert(/Contract of \d+ (made|failed)|annulled/.test(verdict) || !verdict.includes('Contract'), `summary: ${verdict}`);
        assert(/rounded to the score/.test(verdict), `the summary shows the rounding: ${verdict}`);
        await page.waitForFunction(() => getComputedStyle(document.querySelector('.hand-summary')).opacity === '1');
        await shot(page, 'pilotta-summary-desktop');
      }
      sawSummary = await closeSummary(page) || sawSummary;
      if (await page.evaluate(() => Boolean(window.kafenio.state.table.ended))) break;
      continue;
    }
    const view = await page.evaluate(() => window.kafenio.state.table.view);
    if (view.phase !== 'play' && await page.locator('.side-panel .bid-grid').count()) {
      // The auction never hides the hand: the bids sit beside it.
      const row = await page.locator('.hand-row').evaluate((r) => [...r.children].map((c) => c.className));
      assert(row.some((c) => c.includes('hand')) && row.some((c) => c.includes('side-panel')), `hand row: ${row}`);
      if (!sawAuctionPanel) await shot(page, 'pilotta-auction-desktop');
      sawAuctionPanel = true;
    }
    if (view.phase === 'play') {
      const contract = await page.locator('.centre .contract').textContent();
      assert(contract.startsWith('Contract:'), `contract shown: ${contract}`);
      // The trick number counts from 1: the tricks won so far, and this one.
      const trickNumber = await page.locator('.centre .trick-number').textContent();
      const played = view.tricks_won.reduce((a, b) => a + b, 0);
      assert(trickNumber === `Trick ${played + 1} of 8`, `${trickNumber} after ${played} tricks`);
      await checkSeats(page);
      // Each card of the trick lies on the side of the player who played it.
      const spots = await page.evaluate(() => [...document.querySelectorAll('.trick > .trick-spot')]
        .map((s) => [s.dataset.seat, [...s.classList].find((c) => c.startsWith('at-')).slice(3)]));
      for (const [seat, at] of spots) assert(positions[seat] === at, `seat ${seat}'s card is at ${at}, the seat at ${positions[seat]}`);
      if (spots.length >= 2 && !trickShot) {
        trickShot = true;
        await page.waitForTimeout(800); // the cards' flight ends (a picture, not a check)
        await shot(page, 'pilotta-trick-desktop');
      }
      trickChecks += spots.length;
      await checkCards(page, 'pilotta');
      if (!checkedLastTrick && await page.locator('details.last-trick').count()) {
        await page.locator('details.last-trick summary').click();
        checkedLastTrick = true;
      }
    }
    if (moves === 0) {
      const title = await page.title();
      assert(title.startsWith('● Your turn'), `the tab's title says it is my turn: ${title}`);
    }
    // By keyboard: focus the first thing offered and press Enter.
    const button = page.locator('button.move-pass, .hand button.card.legal, .side-panel button.move').first();
    await button.focus();
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => !window.kafenio.state.moving, null, { timeout: 30000 });
    if (checkedLastTrick) {
      // Read in one step: the panel may go between a count and a read (a new hand, the end).
      const open = await page.evaluate(() => document.querySelector('details.last-trick')?.open);
      assert(open !== false, 'the last trick stays open across updates');
    }
  }
  await page.locator('.match-over').waitFor({ timeout: 30000 });
  const summaries = await checkPauses(page, 'pilotta', false);
  assert(summaries.some((s) => s.tricks === 8 && s.lastTrick), `a played hand's summary came over its 8 tricks: ${JSON.stringify(summaries)}`);
  // After the match the status line has nothing left to say, and the tab no turn.
  assert(await page.locator('.table-head .turn').textContent() === '', 'no stale turn line after the match');
  assert(!(await page.title()).startsWith('●'), `no turn in the tab's title after the match: ${await page.title()}`);
  assert(sawAuctionPanel, 'the bidding panel was shown beside the hand');
  assert(trickChecks > 0, 'trick cards were checked against their seats');
  assert(checkedLastTrick, 'the last trick was opened');
  await closeSummary(page);
  const tricks = await page.locator('details.hand-tricks li').count();
  const sheetRows = await page.locator('.score-sheet .score-rows tbody tr').count();
  assert(sheetRows >= 1, 'the score sheet has a row per hand');
  console.log(`pilotta: ${trickChecks} trick cards in front of their players; ${tricks} tricks to review at the end`);
  await noErrorsShown(page);
  await shot(page, 'pilotta-over-desktop');

  await accessible(page, 'pilotta');

  // The four-colour deck: diamonds blue, clubs green.
  await page.locator('.settings-menu summary').click();
  await page.getByLabel('Four-colour deck').check();
  assert(await page.evaluate(() => document.body.classList.contains('four-colour')), 'four-colour deck on');
  const colours = await page.evaluate(() => Object.fromEntries(['hearts', 'diamonds', 'clubs', 'spades'].map((suit) => {
    const card = document.createElement('span');
    card.className = `card suit-${suit}`;
    document.body.append(card);
    const colour = getComputedStyle(card).color;
    card.remove();
    return [suit, colour];
  })));
  assert(new Set(Object.values(colours)).size === 4, `four colours, one per suit: ${JSON.stringify(colours)}`);
  // The chat is kept across a reload.
  await page.getByLabel('chat message').fill('καλή παρτίδα');
  await page.getByRole('button', { name: 'Send' }).click();
  await page.locator('.chat-log li', { hasText: 'καλή παρτίδα' }).waitFor();
  await shot(page, 'four-colour-desktop');

  // Sessions: the language switch is remembered; sign out, and stay signed out.
  await page.getByRole('button', { name: 'Αλλαγή σε ελληνικά (switch to Greek)' }).click();
  assert(await page.locator('.table-head').textContent().then((t) => t.includes('Πιλόττα')), 'switched to Greek');
  await page.reload();
  await page.locator('.game.pilotta').waitFor({ timeout: 30000 });
  assert(await page.evaluate(() => document.documentElement.lang) === 'el', 'the language choice survives a reload');
  await page.locator('.chat-log li', { hasText: 'καλή παρτίδα' }).waitFor({ timeout: 10000 });
  const oldToken = await page.evaluate(() => JSON.parse(sessionStorage.getItem('kafenio')).token);
  await page.getByRole('button', { name: 'Αποσύνδεση' }).click();
  await page.getByRole('heading', { name: 'Παίξτε Δηλωτή και Πιλόττα' }).waitFor();
  // Signed out on the server too: the old token no longer resumes, from anywhere.
  const resumed = await page.evaluate((token) => new Promise((resolve) => {
    const ws = new WebSocket(`${location.origin.replace('http', 'ws')}/ws`);
    ws.onopen = () => ws.send(JSON.stringify({ request_id: 'r', resume: { token } }));
    ws.onmessage = (m) => { const reply = JSON.parse(m.data); if (reply.request_id === 'r') { ws.close(); resolve(reply); } };
  }), oldToken);
  assert(oldToken && ['SESSION_EXPIRED', 'SIGNED_OUT'].includes(resumed.error?.code), `the signed-out token does not resume: ${JSON.stringify(resumed)}`);
  await page.reload();
  await page.getByRole('heading', { name: 'Παίξτε Δηλωτή και Πιλόττα' }).waitFor();
  await page.waitForTimeout(500);
  assert(await page.locator('#who').textContent() === '', 'still signed out after a reload');
  await shot(page, 'signed-out-el-desktop');
  // An account with a Greek name, registered from the Greek page.
  await page.getByLabel('Όνομα λογαριασμού').fill('Μαρία Κ.');
  await page.getByLabel('Κωδικός').fill('kafenio-secret');
  await page.getByRole('button', { name: 'Εγγραφή' }).click();
  await page.getByRole('heading', { name: 'Νέο τραπέζι' }).waitFor();
  assert(await page.locator('#who').textContent() === 'Μαρία Κ.', 'a Greek account name is shown as registered');
  await page.getByRole('button', { name: 'Προφίλ' }).click();
  await page.locator('.profile h2').waitFor();
  assert((await page.locator('.profile h2').textContent()).startsWith('Μαρία Κ.'), 'the profile shows the Greek name');
  await noErrorsShown(page);
  const favicon = await fetch(`${url}/favicon.ico`);
  assert(favicon.status === 200, `/favicon.ico answers ${favicon.status}`);
  await context.close();
}

// --- Greek, phone: a whole Pilotta match, pressing what the page offers ---------------

// A Greek browser of `viewport` signed in as the guest `name`, in the lobby.
async function greekGuest(browser, url, viewport, name) {
  const context = await newContext(browser, { viewport, locale: 'el-GR' });
  const page = await context.newPage();
  await page.goto(url);
  await page.getByLabel('Το όνομά σας').fill(name);
  await page.getByRole('button', { name: 'Παίξτε ως επισκέπτης' }).click();
  await page.getByRole('heading', { name: 'Νέο τραπέζι' }).waitFor();
  return { context, page };
}

// Another pairing of game, size and language: Pilotta in Greek on a phone (Diloti in
// English on a desktop is web/client's: a hand by the builder, a match through the
// connection). Every trick card in front of its player, the seats, the summaries over the
// ended hand, the match's end in Greek.
async function pilottaInGreek(browser, url) {
  const { context, page } = await greekGuest(browser, url, PHONE, 'Κατερίνα');
  await createTable(page, 'pilotta', { target: 10 });
  const heading = await page.locator('.table-head h2').textContent();
  assert(heading === 'Πιλόττα · Κανόνες Κύπρου · στους 10 πόντους', `the rules in words, in Greek: ${heading}`);
  const positions = await seatPositions(page);
  let trickCards = 0;
  for (let moves = 0; moves < 300; moves += 1) {
    const state = await pilottaStep(page);
    if (state === 'ended') break;
    if (state === 'summary') {
      await closeSummary(page);
      if (await page.evaluate(() => Boolean(window.kafenio.state.table.ended))) break;
      continue;
    }
    const view = await page.evaluate(() => window.kafenio.state.table.view);
    if (view.phase === 'play') {
      const spots = await page.evaluate(() => [...document.querySelectorAll('.trick > .trick-spot')]
        .map((s) => [s.dataset.seat, [...s.classList].find((c) => c.startsWith('at-')).slice(3)]));
      for (const [seat, at] of spots) assert(positions[seat] === at, `seat ${seat}'s card is at ${at}, the seat at ${positions[seat]}`);
      trickCards += spots.length;
      const trickNumber = await page.locator('.centre .trick-number').textContent();
      assert(trickNumber === `Μπάζα ${view.tricks_won.reduce((a, b) => a + b, 0) + 1} από 8`, `in Greek: ${trickNumber}`);
      // The cards at rest clear of the words and the seats; nothing over the words.
      if (spots.length) {
        await trickClear(page, `phone, trick ${trickNumber}`);
        await wordsOnTop(page, `phone, trick ${trickNumber}`);
      }
      if (trickCards >= 2 && trickCards <= 4) await shot(page, 'pilotta-el-phone');
      await checkCards(page, 'pilotta');
      await checkSeats(page);
    }
    await page.locator('button.move-pass, .hand button.card.legal, .side-panel button.move').first().click();
    // A card on its way to the trick passes under the words, not over them.
    if (view.phase === 'play') await wordsOnTop(page, 'phone, a card in flight');
    await page.waitForFunction(() => !window.kafenio.state.moving, null, { timeout: 30000 });
  }
  await page.locator('.match-over').waitFor({ timeout: 30000 });
  assert((await page.locator('.match-over').textContent()).includes('Τέλος παρτίδας'), 'the match is over, in Greek');
  await checkPauses(page, 'pilotta', false);
  await closeSummary(page);
  await noErrorsShown(page);
  await shot(page, 'pilotta-over-el-phone');
  await context.close();
}

// Pilotta at the other common phone sizes, upright and turned (the last one past the
// phone layout's width: the desktop layout on a short screen): a few tricks each, the
// cards at rest clear of the words and the seats, nothing drawn over the words.
async function pilottaPhoneSizes(browser, url) {
  for (const viewport of [{ width: 360, height: 640 }, { width: 640, height: 360 }, { width: 844, height: 390 }]) {
    const size = `${viewport.width}×${viewport.height}`;
    const { context, page } = await greekGuest(browser, url, viewport, 'Σοφία');
    await createTable(page, 'pilotta', { target: 300 });
    let checked = 0;
    for (let moves = 0; moves < 80 && checked < 4; moves += 1) {
      const state = await pilottaStep(page);
      if (state === 'summary') { await closeSummary(page); continue; }
      if (state === 'ended') break;
      if (await page.evaluate(() => window.kafenio.state.table.view.phase === 'play')) {
        if (await trickClear(page, size)) checked += 1;
        await wordsOnTop(page, size);
      }
      await page.locator('button.move-pass, .hand button.card.legal, .side-panel button.move').first().click();
      await page.waitForFunction(() => !window.kafenio.state.moving, null, { timeout: 30000 });
    }
    assert(checked >= 3, `${size}: ${checked} tricks checked`);
    await settled(page);
    await shot(page, `pilotta-${viewport.width}x${viewport.height}`);
    await context.close();
  }
}

const { server, url } = await startServer(binary, webDir);
const browser = await launchBrowser();
let passed = false;
try {
  passed = await runParts(browser, [['diloti, Greek, phone', dilotiInGreek], ['pilotta, English, desktop', pilottaInEnglish],
    ['pilotta, Greek, phone', pilottaInGreek], ['pilotta, phone sizes', pilottaPhoneSizes]]
    .map(([name, part]) => [name, () => part(browser, url)]), { artifacts, prefix: 'table', pageErrors });
} finally {
  await browser.close();
  server.kill('SIGTERM');
}
process.exit(passed ? 0 : 1);
