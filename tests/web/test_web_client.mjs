// End-to-end: the web client in headless Chromium against the real server. A new guest
// creates a Pilotta table with three bots and plays until the score sheet shows a hand;
// then a 2-player Diloti table against a bot, with a page reload and a dropped
// connection mid-match that must both resume the match. Screenshots (desktop and
// 390x844) go to the artifacts folder.
//
// usage: node test_web_client.mjs KAFENIO_BINARY WEB_DIR ARTIFACTS_DIR
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { chromium } from 'playwright-core';

const [binary, webDir, artifacts] = process.argv.slice(2);
mkdirSync(artifacts, { recursive: true });
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };

function startServer() {
  // A database of its own in a fresh folder: every run starts with no accounts.
  const db = join(mkdtempSync(join(tmpdir(), 'kafenio-web-')), 'kafenio.db');
  const server = spawn(binary, ['serve', '--listen', '127.0.0.1:0', '--web', webDir, '--db', db],
    { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: server.stdout });
    lines.once('line', (line) => {
      const match = line.match(/listening on (http:\/\/\S+)/);
      if (!match) reject(new Error(`server did not start: ${line}`));
      else resolve({ server, url: match[1].replace(/\/$/, '') });
    });
    server.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
}

function assert(condition, message) {
  if (!condition) throw new Error(`assertion failed: ${message}`);
}

async function screenshots(page, name) {
  await page.screenshot({ path: `${artifacts}/${name}-desktop.png`, fullPage: true });
  await page.setViewportSize(PHONE);
  await page.screenshot({ path: `${artifacts}/${name}-phone.png`, fullPage: true });
  // On a phone-sized screen nothing may be wider than the screen.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth);
  assert(overflow <= PHONE.width, `${name}: page is ${overflow}px wide on a 390px screen`);
  await page.setViewportSize(DESKTOP);
}

async function noErrorsShown(page) {
  const shown = await page.locator('#errors li').allTextContents();
  assert(shown.length === 0, `errors shown to the player: ${shown.join(' | ')}`);
}

async function signIn(page, url, name) {
  await page.goto(url);
  await page.getByLabel('Your name').fill(name);
  await page.getByRole('button', { name: 'Play as guest' }).click();
  await page.getByRole('heading', { name: 'New table' }).waitFor();
}

async function createTable(page, game, fill) {
  await page.locator('select[name=game]').selectOption(game);
  await fill();
  await page.locator('input[name=target]').fill('21');
  await page.getByRole('button', { name: 'Create table' }).click();
}

// Presses moves the page offers (auction: pass, so the bots take the contract; cards:
// the first legal one) until the score sheet shows a hand, by mouse and by keyboard in turn. Each press
// waits for the server's answer.
async function playUntilScoreSheet(page, pick, maxMoves) {
  for (let moves = 0; moves < maxMoves; moves += 1) {
    const state = await page.waitForFunction(([selector]) => {
      if (document.querySelector('.score-sheet .hand-result')) return 'result';
      return document.querySelector(selector) ? 'move' : false;
    }, [pick], { timeout: 30000 }).then((handle) => handle.jsonValue());
    if (state === 'result') return moves;
    if (state === 'move') {
      // Every other move by keyboard: the moves are real buttons.
      const button = page.locator(pick).first();
      if (moves % 2) await button.click();
      else { await button.focus(); await page.keyboard.press('Enter'); }
      await page.waitForFunction(() => !window.kafenio.state.moving, null, { timeout: 30000 });
    }
  }
  throw new Error(`no result after ${maxMoves} moves`);
}

// Accounts: register, then a second browser that tries the same name sees the server's
// NAME_TAKEN error, and signs in with the password instead.
async function accounts(url) {
  const fill = async (page) => {
    await page.goto(url);
    await page.getByLabel('Account name').fill('webplayer');
    await page.getByLabel('Password').fill('kafenio-secret');
  };
  const first = await browser.newPage({ viewport: DESKTOP });
  await fill(first);
  await first.getByRole('button', { name: 'Register' }).click();
  await first.getByRole('heading', { name: 'New table' }).waitFor();
  assert((await first.locator('#who').textContent()) === 'webplayer', 'registered name shown');

  const second = await browser.newPage({ viewport: DESKTOP });
  await fill(second);
  await second.getByRole('button', { name: 'Register' }).click();
  await second.locator('#errors li[data-code=NAME_TAKEN]').waitFor();
  await second.getByRole('button', { name: 'dismiss error' }).click();
  await second.getByRole('button', { name: 'Sign in', exact: true }).click();
  await second.getByRole('heading', { name: 'New table' }).waitFor();
  await noErrorsShown(second);
  await first.close();
  await second.close();
}

async function pilotta(page, url) {
  await signIn(page, url, 'pilottaplayer');
  await screenshots(page, 'lobby');
  await createTable(page, 'pilotta', async () => {});
  await page.locator('.game.pilotta').waitFor({ timeout: 30000 });
  const pick = 'button.move-pass, button.card.legal, button.move';
  const moves = await playUntilScoreSheet(page, pick, 200);
  assert(moves > 0, 'the player made no move');
  const line = await page.locator('.score-sheet .result-line').first().textContent();
  assert(line.startsWith('hand 1'), `score sheet line: ${line}`);
  const rows = await page.locator('.score-sheet .hand-result th[scope=row]').allTextContents();
  assert(rows.includes('totals'), `score sheet rows: ${rows}`);
  await noErrorsShown(page);
  await screenshots(page, 'pilotta');
}

async function diloti(page, url) {
  await page.getByRole('button', { name: 'Leave table' }).click();
  await page.getByRole('heading', { name: 'New table' }).waitFor();
  await createTable(page, 'diloti', () => page.locator('select[name=seats]').selectOption('2'));
  await page.locator('.game.diloti').waitFor({ timeout: 30000 });
  await page.locator('button.move').first().waitFor({ timeout: 30000 });

  // Pressing a hand card narrows the moves to that card's.
  const card = await page.locator('.hand button.card.legal').first().getAttribute('data-card');
  await page.locator(`.hand button.card[data-card="${card}"]`).click();
  const narrowed = await page.locator('button.move').evaluateAll(
    (buttons) => buttons.map((b) => b.dataset.notation));
  assert(narrowed.length > 0 && narrowed.every((n) => n.split(' ').includes(card)),
    `moves after pressing ${card}: ${narrowed}`);
  await page.locator('button.move').first().click();
  await page.waitForFunction(() => !window.kafenio.state.moving);

  // A reload mid-match resumes the session and the table from the saved sequence number.
  const seqBefore = await page.evaluate(() => Number(window.kafenio.state.table.lastSeq));
  await page.reload();
  await page.locator('.game.diloti').waitFor({ timeout: 30000 });
  const seqAfter = await page.evaluate(() => Number(window.kafenio.state.table.lastSeq));
  assert(seqAfter >= seqBefore, `resumed at seq ${seqAfter}, was ${seqBefore}`);

  // A dropped connection reconnects by itself, resumes the session and catches up.
  await page.evaluate(() => window.kafenio.conn.drop());
  await page.locator('#connection.reconnecting').waitFor({ timeout: 10000 });
  await page.locator('#connection.online').waitFor({ timeout: 30000 });

  await playUntilScoreSheet(page, 'button.move', 400);
  const line = await page.locator('.score-sheet .result-line').first().textContent();
  assert(line.startsWith('hand ') && line.includes(' score '), `score sheet line: ${line}`);
  await noErrorsShown(page);
  await screenshots(page, 'diloti');
}

const { server, url } = await startServer();
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
    '--disable-component-update', '--disable-sync'],
});
let failed = false;
let page;
try {
  page = await browser.newPage({ viewport: DESKTOP });
  page.on('pageerror', (error) => { failed = true; console.error('page error:', error); });
  await accounts(url);
  await pilotta(page, url);
  await diloti(page, url);
  assert(!failed, 'the page threw');
  console.log(`ok; screenshots in ${artifacts}`);
} catch (error) {
  console.error(error);
  failed = true;
  if (page) await page.screenshot({ path: `${artifacts}/failure.png`, fullPage: true }).catch(() => {});
} finally {
  await browser.close();
  server.kill('SIGTERM');
}
process.exit(failed ? 1 : 0);
