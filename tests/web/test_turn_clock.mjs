// The table's turn clock (web/turn_clock.js) in Node: which deadline a table info leaves on
// show. Events set the deadline; an info only on a pause, a resume, or the player's own seat
// taken back from a bot (the server gives a fresh clock then, and sends no event).
//
// usage: node test_turn_clock.mjs WEB_DIR
import { pathToFileURL } from 'node:url';
import { join } from 'node:path';

const [webDir] = process.argv.slice(2);
const { deadlineAfterInfo } = await import(pathToFileURL(join(webDir, 'turn_clock.js')).href);

let checks = 0;
function equal(actual, expected, what) {
  if (actual !== expected) throw new Error(`${what}: got ${actual}, expected ${expected}`);
  checks += 1;
}

const SHOWN = 1_000_000;   // the deadline the last event set
const FRESH = 1_045_000;   // the one the info carries
function info({ paused = false, held = [false, false], inProgress = true, deadline = FRESH } = {}) {
  return {
    match_in_progress: inProgress, paused, turn_deadline_unix_ms: String(deadline),
    seats: held.map((bot_holding, seat) => ({ seat, bot_holding })),
  };
}

// Ordinary infos (someone sat, readied, chatted; a bot's turn's deadline of 0 published a
// moment behind the events) leave the events' deadline alone.
equal(deadlineAfterInfo(info(), info({ deadline: 0 }), 0, SHOWN), SHOWN, 'an ordinary info');
equal(deadlineAfterInfo(null, info(), 0, SHOWN), SHOWN, 'the first info at the table');
equal(deadlineAfterInfo(info(), info({ inProgress: false }), 0, SHOWN), SHOWN, 'between matches');

// Paused: the clock stands still; resumed: the info's new deadline.
equal(deadlineAfterInfo(info(), info({ paused: true }), 0, SHOWN), 0, 'paused');
equal(deadlineAfterInfo(info({ paused: true }), info(), 0, 0), FRESH, 'resumed');
equal(deadlineAfterInfo(info({ paused: true }), info({ paused: true }), 0, 0), 0, 'still paused');

// My seat taken back from a bot: the info's fresh clock. Another seat's, or mine still held,
// or a seat I do not hold: nothing moves.
equal(deadlineAfterInfo(info({ held: [true, false] }), info(), 0, SHOWN), FRESH, 'my seat taken back');
equal(deadlineAfterInfo(info({ held: [false, true] }), info(), 0, SHOWN), SHOWN, 'another seat taken back');
equal(deadlineAfterInfo(info({ held: [true, false] }), info({ held: [true, false] }), 0, SHOWN), SHOWN,
  'my seat still held');
equal(deadlineAfterInfo(info({ held: [true, false] }), info(), -1, SHOWN), SHOWN, 'a watcher');
equal(deadlineAfterInfo(info(), info({ held: [true, false] }), 0, SHOWN), SHOWN, 'a bot takes my seat');

console.log(`turn clock: ${checks} checks passed`);
