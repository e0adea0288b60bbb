// What the browser tests share: the server, checks and the steps every page takes.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { chromium } from 'playwright-core';

export function assert(condition, message) {
  if (!condition) throw new Error(`assertion failed: ${message}`);
}

// An axe-core check of the page: no serious or critical violation.
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
export async function accessible(page, what) {
  await page.addScriptTag({ content: axeSource });
  const violations = await page.evaluate(async () => (await window.axe.run(document, {
    resultTypes: ['violations'],
  })).violations.filter((v) => ['serious', 'critical'].includes(v.impact)).map((v) => `${v.id}: ${v.nodes.length} (${v.nodes[0].target})`));
  assert(violations.length === 0, `accessibility of ${what}: ${violations.join(' | ')}`);
}

// Runs a test's parts in order (WEB_TABLE_ONLY=words: only those whose names hold one of
// the words, while working on one), each timed; an uncaught error in a page (collected in
// `pageErrors`) fails the run. On a failure every open page's screenshot goes to
// `artifacts` as PREFIX-failure-N.png, for what it showed. Returns whether all passed.
export async function runParts(browser, parts, { artifacts, prefix, pageErrors }) {
  const started = Date.now();
  const only = process.env.WEB_TABLE_ONLY;
  try {
    for (const [name, run] of parts.filter(([n]) => !only || only.split(',').some((w) => n.includes(w)))) {
      const t = Date.now();
      await run();
      console.log(`${name}: ${((Date.now() - t) / 1000).toFixed(1)} s`);
    }
    assert(pageErrors.length === 0, `the page threw: ${pageErrors.join(' | ')}`);
    console.log(`ok in ${((Date.now() - started) / 1000).toFixed(1)} s; screenshots in ${artifacts}`);
    return true;
  } catch (error) {
    console.error(error);
    await showPagesOnFailure(browser, artifacts, prefix);
    return false;
  }
}

// After a failure: every open page's screenshot as PREFIX-failure-N.png in `artifacts`, and
// the errors each shows printed, for what the pages showed when it happened.
export async function showPagesOnFailure(browser, artifacts, prefix) {
  const pages = browser.contexts().flatMap((c) => c.pages());
  await Promise.all(pages.map(async (page, i) => {
    await page.screenshot({ path: `${artifacts}/${prefix}-failure-${i}.png`, fullPage: true }).catch(() => {});
    const shown = await page.locator('#errors li').allTextContents().catch(() => []);
    if (shown.length) console.error(`${prefix}-failure-${i}.png shows: ${shown.join(' | ')}`);
  }));
}

// Presses `button` until `shown` is visible, for presses that may safely be made twice
// (going to a table). The page redraws its screen for pushed updates, and a redraw between
// a press and its release loses the click (docs/web-client.md).
export async function pressUntilShown(button, shown, attempts = 3) {
  for (let attempt = 1; ; attempt += 1) {
    // Later presses only while the button is still there: gone, the first one worked.
    await (attempt === 1 ? button.click() : button.click({ timeout: 2000 }).catch(() => {}));
    try {
      await shown.waitFor({ timeout: attempt === attempts ? 30000 : 10000 });
      return;
    } catch (error) {
      if (attempt === attempts) throw error;
    }
  }
}

// The page shows the player no error.
export async function noErrorsShown(page) {
  const shown = await page.locator('#errors li').allTextContents();
  assert(shown.length === 0, `errors shown to the player: ${shown.join(' | ')}`);
}

// Opens `url` and signs in as a guest named `name`, up to the lobby.
export async function signIn(page, url, name) {
  await page.goto(url);
  await page.getByLabel('Your name').fill(name);
  await page.getByRole('button', { name: 'Play as guest' }).click();
  await page.getByRole('heading', { name: 'New table' }).waitFor();
}

// A server on a database of its own in a fresh folder (every run starts with no
// accounts), serving `webDir`. Bots wait a little before each move, so a table of bots
// can be watched as it plays. `settings`: more `--set KEY=VALUE` (a server secret of the
// test's choosing: seeded_deals.mjs).
export function startServer(binary, webDir, settings = []) {
  const db = join(mkdtempSync(join(tmpdir(), 'kafenio-web-')), 'kafenio.db');
  const server = spawn(binary, ['serve', '--listen', '127.0.0.1:0', '--admin-listen', '127.0.0.1:0', '--web', webDir, '--db', db,
    '--set', 'bot_delay_ms=25', '--set', 'bot_iterations=20', ...settings.flatMap((s) => ['--set', s])],
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

// A server on `db` for the console's tests: its public and admin addresses, from the
// lines it prints once both ports are bound. `settings`: more `--set KEY=VALUE`.
export function startConsoleServer(binary, webDir, db, settings = []) {
  const server = spawn(binary, ['serve', '--listen', '127.0.0.1:0', '--admin-listen', '127.0.0.1:0',
    '--web', webDir, '--db', db, ...settings.flatMap((s) => ['--set', s])],
  { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    const found = [];
    const lines = createInterface({ input: server.stdout });
    lines.on('line', (line) => {
      const match = line.match(/(?:listening on|admin console on) (http:\/\/[0-9.:]+)/);
      if (match) found.push(match[1]);
      if (found.length === 2) resolve({ server, publicUrl: found[0], adminUrl: found[1] });
    });
    server.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
}

// Debian's headless Chromium (playwright-core never downloads a browser).
export function launchBrowser() {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
      '--disable-component-update', '--disable-sync',
      // Pages of several players side by side each keep their timers running at full
      // speed, not only the one in front (test_web_rated.mjs plays two at once).
      '--disable-background-timer-throttling', '--disable-renderer-backgrounding',
      '--disable-backgrounding-occluded-windows'],
  });
}

// Picks the game on the new-table form and waits until the form shows that game's fields
// (Diloti's player count). A pushed lobby update can redraw the form in the instant of
// the pick; the pick is then made again.
export async function chooseGame(page, game) {
  for (let attempt = 0; ; attempt += 1) {
    await page.locator('form.create-table select[name=game]').selectOption(game);
    const shown = await page.waitForFunction((g) => {
      const select = document.querySelector('form.create-table select[name=game]');
      return select && select.value === g && (g !== 'diloti' || document.querySelector('form.create-table select[name=seats]'));
    }, game, { timeout: 5000 }).then(() => true, () => false);
    if (shown) return;
    if (attempt >= 3) throw new Error(`the new-table form does not show ${game}`);
  }
}

// Plays the first legal move (in Diloti the first capture, when there is one: a table
// nobody takes from grows, and the match takes long) whenever it is
// this page's turn, until the match ends. For
// tests that want a finished match quickly (the move builder and the keyboard are tested
// on their own): the moves go straight through the page's connection, as its buttons
// would send them.
export function playToTheEnd(page) {
  return page.evaluate(async () => {
    const { conn, state } = window.kafenio;
    const until = Date.now() + 60000;
    const tick = () => new Promise((resolve) => { setTimeout(resolve, 5); });
    while (state.table && !state.table.ended) {
      if (Date.now() > until) throw new Error('the match did not end in 60 s');
      const view = state.table.view;
      // In Diloti a capture when there is one (a face card's among the plain moves, or a
      // move of a capture family, built by the SDK the page loads), else the first plain
      // move, else a move of the first family.
      const firstMove = async () => {
        const legal = view.legal_moves || [];
        const families = view.move_families || [];
        const capture = legal.find((m) => m.kind === 'capture');
        if (capture) return capture.notation;
        const family = families.find((f) => f.kind === 'capture') || (legal.length ? null : families[0]);
        if (!family) return legal.length ? legal[0].notation : null;
        const { randomFamilyMove } = await import('/sdk/kafenio-client.js');
        return randomFamilyMove(family).notation;
      };
      const notation = view && view.to_act === view.viewer && view.viewer >= 0 ? await firstMove() : null;
      if (notation) {
        // The move's own event arrives before its "ok": the next view is then in place.
        await conn.request('play_move', { table_id: state.table.id, move: { notation } });
      } else await tick();
    }
  });
}

// Defines `window.rawClient(url)` in `page` (now, and after each navigation): a protocol
// client over a raw WebSocket, for tests that act as a player without the web client's
// page (opened e.g. at the public port's /healthz). It resolves, once connected, to
// `{ ws, request, chats }`: `request(name, body)` sends one request and resolves to its
// answer; `chats` collects the chat lines pushed. Callers add their own listeners on `ws`.
// (Playwright's evaluate and init scripts are not bound by a page's CSP.)
export async function installRawClient(page) {
  const define = () => {
    window.rawClient = async (url) => {
      const ws = new WebSocket(url);
      await new Promise((resolve) => { ws.onopen = resolve; });
      let next = 1;
      const waiting = new Map();
      const chats = [];
      ws.addEventListener('message', (event) => {
        const message = JSON.parse(event.data);
        if (message.chat) chats.push(message.chat);
        if (waiting.has(message.request_id)) waiting.get(message.request_id)(message);
      });
      const request = (name, body) => new Promise((resolve) => {
        const id = `r${next++}`;
        waiting.set(id, resolve);
        ws.send(JSON.stringify({ request_id: id, [name]: body }));
      });
      return { ws, request, chats };
    };
  };
  await page.addInitScript(define);
  await page.evaluate(define);
}
