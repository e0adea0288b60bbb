// End-to-end: the tournament pages in headless Chromium against the real server. A
// director registers, opens the Tournaments tab, creates a Pilotta event of fixed pairs
// (the form's defaults: to 151) with a check-in window already open; four players in
// their own browser contexts register, two invite their partners, who see the pushed
// invitation and accept it; three players check in (one pair's second player does not);
// the director starts the event: the pair not present is withdrawn, round 1 pairs the
// other two... and with a third pair who all checked in. The page shows round 1's
// pairing, the standings with every tie-break column and its explanation, in English and
// (after the header's language switch) in Greek. Then the round is played: the event's
// matches are one hand (the form's "hands"); each of the four players goes to the table
// from "Your next table", confirms and plays the hand in the normal table client (one
// player bids, the others pass; cards by clicking what is legal); the match ends, and the
// event page shows the result in the round and the standings, the event finished.
// Screenshots go to the artifacts folder.
//
// usage: node test_tournaments.mjs KAFENIO_BINARY WEB_DIR ARTIFACTS_DIR
import { mkdirSync } from 'node:fs';
import { assert, launchBrowser, noErrorsShown, pressUntilShown, showPagesOnFailure, startServer } from './page_helpers.mjs';

const [binary, webDir, artifacts] = process.argv.slice(2);
mkdirSync(artifacts, { recursive: true });
const PASSWORD = 'tavli and ouzo';

async function registered(browser, url, name) {
  const context = await browser.newContext({ locale: 'en-GB' });
  const page = await context.newPage();
  await page.goto(url);
  await page.getByLabel('Account name').fill(name);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Register' }).click();
  await page.getByRole('heading', { name: 'New table' }).waitFor();
  await page.getByRole('button', { name: 'Tournaments', exact: true }).click();
  await page.locator('.tournaments').waitFor();
  return page;
}

async function openEvent(page, name) {
  await page.getByRole('button', { name: `Open ${name}` }).click();
  await page.getByRole('heading', { name }).waitFor();
}

// Plays this seat in the table client until the match is over: the first thing offered
// (a pass, a legal card, a declaration or the way to play a card), except that `bidder`
// takes the first bid of the auction so that the hand is played, not annulled. Hand
// summaries are closed as they come. Returns the number of moves made.
async function playUntilOver(page, bidder) {
  let moves = 0;
  for (let step = 0; step < 200; step += 1) {
    const state = await page.waitForFunction(() => {
      const { table, moving } = window.kafenio.state;
      if (table && table.ended) return 'ended';
      if (document.querySelector('.hand-summary')) return 'summary';
      if (moving) return false;
      return document.querySelector('button.move-pass, .hand button.card.legal, .side-panel button.move') ? 'move' : false;
    }, null, { timeout: 60000 }).then((h) => h.jsonValue());
    if (state === 'ended') break;
    if (state === 'summary') {
      await closeSummary(page);
      continue;
    }
    const bid = page.locator('.side-panel button.move-bid');
    const button = bidder && await bid.count() && moves === 0 ? bid.first()
      : page.locator('button.move-pass, .hand button.card.legal, .side-panel button.move').first();
    await button.click().catch(() => {}); // redrawn in between: the next step looks again
    moves += 1;
    await page.waitForFunction(() => !window.kafenio.state.moving, null, { timeout: 30000 });
  }
  await page.locator('.match-over').waitFor({ timeout: 30000 });
  await closeSummary(page);
  return moves;
}

// Closes the end-of-hand summary when it shows.
async function closeSummary(page) {
  const close = page.locator('.hand-summary button.summary-close');
  if (await close.count()) await close.click().catch(() => {});
}

const { server, url } = await startServer(binary, webDir);
const browser = await launchBrowser();
try {
  const director = await registered(browser, url, 'Αντώνης');
  // The form's defaults: Pilotta in pairs to 151.
  assert(await director.locator('select[name="t-game"]').inputValue() === 'pilotta', 'Pilotta by default');
  assert(await director.locator('input[name="t-target"]').inputValue() === '151', 'to 151 by default');
  const name = 'Κύπελλο Πάφου';
  await director.getByLabel('Name', { exact: true }).fill(name);
  // One round of one hand, so that the browsers play it through.
  await director.locator('input[name="t-swiss_rounds"]').fill('1');
  await director.locator('input[name="t-hands"]').fill('1');
  // Starts in an hour; check-in opens two hours before, so it is open now.
  const start = new Date(Date.now() + 60 * 60 * 1000);
  const local = new Date(start.getTime() - start.getTimezoneOffset() * 60000).toISOString().slice(0, 16);
  await director.locator('input[name="t-starts_at"]').fill(local);
  await director.locator('input[name="t-check_in_minutes"]').fill('120');
  await director.getByRole('button', { name: 'Create' }).click();
  await director.getByRole('heading', { name }).waitFor();
  await noErrorsShown(director);

  const players = {};
  for (const player of ['Γιώργος', 'Ελένη', 'Νίκος', 'Σοφία', 'Μαρία', 'Πέτρος']) {
    players[player] = await registered(browser, url, player);
    await openEvent(players[player], name);
  }
  // Three pairs by invitation: the invited player sees the pushed invitation and accepts.
  for (const [inviter, invitee] of [['Γιώργος', 'Ελένη'], ['Νίκος', 'Σοφία'], ['Μαρία', 'Πέτρος']]) {
    const page = players[inviter];
    await page.locator('input[name="t-partner"]').fill(invitee);
    await page.getByRole('button', { name: 'Invite partner' }).click();
    await page.getByText('waiting for an answer').first().waitFor();
    const other = players[invitee];
    await other.locator('.invitation', { hasText: inviter }).waitFor();
    await other.locator('.invitation', { hasText: inviter }).getByRole('button', { name: 'Accept' }).click();
    await other.locator('.entrants', { hasText: `${inviter} & ${invitee}` }).waitFor();
    await noErrorsShown(page);
    await noErrorsShown(other);
  }
  // Check-in: everyone but Σοφία.
  for (const player of ['Γιώργος', 'Ελένη', 'Νίκος', 'Μαρία', 'Πέτρος']) {
    await players[player].getByRole('button', { name: 'Check in' }).click();
    await players[player].locator('.entrants tr', { hasText: player }).locator('.check-in').waitFor();
    await noErrorsShown(players[player]);
  }
  await players['Πέτρος'].locator('.entrants tr', { hasText: 'Μαρία & Πέτρος' }).getByText('checked in', { exact: true }).waitFor();
  await director.screenshot({ path: `${artifacts}/tournament-registration.png`, fullPage: true });

  // The director starts: the pair not present is withdrawn, round 1 pairs the others.
  await director.getByRole('button', { name: 'Start', exact: true }).click();
  await director.locator('.round[data-round="1"]').waitFor();
  await director.locator('.entrants tr', { hasText: 'Νίκος & Σοφία' }).getByText('withdrawn').waitFor();
  const pairing = await director.locator('.round[data-round="1"] .pairing').allTextContents();
  assert(pairing.length === 1, `one table in round 1: ${pairing}`);
  assert(pairing[0].includes('Γιώργος & Ελένη') && pairing[0].includes('Μαρία & Πέτρος'), pairing[0]);
  const columns = await director.locator('.standings th[data-key]').count();
  assert(columns === 7, `every tie-break column: ${columns}`);
  assert(await director.locator('.tie-break-help dd').count() === 7, 'each column explained');
  // A player's page follows by itself.
  await players['Ελένη'].locator('.round[data-round="1"] .pairing').waitFor();
  // Greek.
  await director.locator('button.language').click();
  await director.getByRole('heading', { name: 'Βαθμολογία' }).waitFor();
  await director.getByText('Γύρος 1').waitFor();
  await director.screenshot({ path: `${artifacts}/tournament-round-el.png`, fullPage: true });
  await noErrorsShown(director);

  // The director pauses the event and resumes it (the page is in Greek now); the table
  // being played can be watched from the event page.
  await director.locator('.director button.pause').click();
  await director.locator('.event-state', { hasText: 'σε παύση' }).waitFor();
  await director.locator('.director button.pause', { hasText: 'Συνέχεια' }).click();
  await director.locator('.event-state', { hasText: 'σε παύση' }).waitFor({ state: 'detached' });
  await director.locator('.round[data-round="1"] .pairing button.watch').waitFor();
  await noErrorsShown(director);

  // The round: every player goes to the table from "Your next table" and confirms.
  const seated = ['Γιώργος', 'Ελένη', 'Μαρία', 'Πέτρος'];
  for (const player of seated) {
    const page = players[player];
    const next = page.locator('.next-tables .next-table', { hasText: name });
    await next.waitFor();
    assert((await next.textContent()).includes('Round 1'), `the next table names the round: ${await next.textContent()}`);
    // The lobby is on screen, and redrawn as the round's tables open: a press may be lost.
    await pressUntilShown(next.getByRole('button', { name: 'Go to the table' }), page.locator('.table-screen'));
    await page.locator('button.ready').click();
  }
  await players['Ελένη'].screenshot({ path: `${artifacts}/tournament-table.png`, fullPage: true });
  // The hand: Γιώργος bids the first bid he is offered, everyone else passes; cards are
  // played by clicking the first legal one (and the first option when a card has two).
  const hands = await Promise.all(seated.map((player) => playUntilOver(players[player], player === 'Γιώργος')));
  assert(hands.every((moves) => moves > 0), `everyone played: ${hands}`);
  for (const player of seated) {
    const over = await players[player].locator('.match-over').textContent();
    assert(over.includes('Match over') || over.includes('over'), `${player} sees the match end: ${over}`);
    await noErrorsShown(players[player]);
  }
  // Back to the event: the round's result and the standings, the event finished (one round).
  const eleni = players['Ελένη'];
  await eleni.getByRole('button', { name: 'Leave' }).click();
  await eleni.getByRole('button', { name: 'Tournaments', exact: true }).click();
  // The list of finished events, read again until the event's end (stored once the
  // match's end is durable) is in it.
  const listed = eleni.getByRole('button', { name: `Open ${name}` });
  for (let attempt = 0; attempt < 50 && !(await listed.count()); attempt += 1) {
    await eleni.locator('button[data-state="finished"]').click();
    await eleni.waitForTimeout(200);
  }
  await openEvent(eleni, name);
  const result = eleni.locator('.round[data-round="1"] .pairing');
  await result.filter({ hasText: /\d+–\d+/ }).waitFor();
  // The pairing's text without the link to the match's record that follows the result.
  const resultText = await result.evaluate((node) => {
    const copy = node.cloneNode(true);
    copy.querySelectorAll('a.record').forEach((link) => link.remove());
    return copy.textContent.trim();
  });
  assert(await result.locator('a.record').count() === 1, 'the played pairing links to its record');
  assert(!resultText.includes('undefined'), `the result shows both scores: ${resultText}`);
  const rows = await eleni.locator('.standings tbody tr').allTextContents();
  assert(rows.length === 3, `standings of the three entrants: ${rows}`);
  assert(rows.filter((row) => row.includes('1 (')).length === 2, `the two pairs at the table played one match: ${rows}`);
  const [, , , winnerName] = resultText.match(/(\d+)–(\d+)(?: → (.+))?$/) || [];
  if (winnerName) assert(rows[0].includes(winnerName.trim()), `the winner leads the standings: ${rows[0]} / ${resultText}`);
  await eleni.screenshot({ path: `${artifacts}/tournament-finished.png`, fullPage: true });
  await noErrorsShown(eleni);
  console.log(`ok: round 1 played in the browsers (${hands.join(', ')} moves): ${resultText}`);
} catch (error) {
  await showPagesOnFailure(browser, artifacts, 'tournaments');
  throw error;
} finally {
  await browser.close();
  server.kill();
}
