// The page's fair-deal check (the SDK's, web/sdk/kafenio-client.js) against the server's own tools: its
// re-deals must print exactly what `kafenio deal` prints, and its commitments must be
// the ones `kafenio verify` accepts, for both games, every preset and every dealer.
//
// usage: node test_fairness.mjs KAFENIO_BINARY WEB_DIR
import { execFileSync, spawnSync } from 'node:child_process';
import { randomBytes, webcrypto } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { join } from 'node:path';

// Node 18 (Debian 12's) keeps WebCrypto in node:crypto only; the page's check asks
// globalThis.crypto, as browsers do.
globalThis.crypto ??= webcrypto;
const [binary, webDir] = process.argv.slice(2);
const { DealChecks, GameViewSchema, MatchEventSchema, dealCommitment, dealDiloti, dealPilotta, formatDeal, fromJson, verifyHand } =
  await import(pathToFileURL(join(webDir, 'sdk', 'kafenio-client.js')).href);

let checks = 0;
function assert(condition, message) {
  if (!condition) throw new Error(`assertion failed: ${message}`);
  checks += 1;
}

function kafenio(...args) {
  return execFileSync(binary, args, { encoding: 'utf8' });
}

// Seeds that exercise the 64-bit edges as well as ordinary values.
const SEEDS = ['0', '1', '7', '12345678901234567890', '18446744073709551615', '9223372036854775808'];
for (let i = 0; i < 6; i += 1) SEEDS.push(BigInt.asUintN(64, BigInt(`0x${randomBytes(8).toString('hex')}`)).toString());

for (const seed of SEEDS) {
  for (const preset of ['cyprus', 'classic', 'classic2']) {
    const players = preset === 'classic2' ? 2 : 4;
    for (let dealer = 0; dealer < players; dealer += 1) {
      const expected = kafenio('deal', '--game', 'pilotta', '--rules', preset, '--seed', seed, '--dealer', String(dealer));
      const actual = formatDeal(dealPilotta(BigInt(seed), dealer, preset));
      assert(actual === expected, `pilotta ${preset} seed ${seed} dealer ${dealer}:\n${actual}\nkafenio deal:\n${expected}`);
    }
  }
  for (const players of [2, 4]) {
    for (let dealer = 0; dealer < players; dealer += 1) {
      const expected = kafenio('deal', '--game', 'diloti', '--players', String(players), '--seed', seed, '--dealer', String(dealer));
      const actual = formatDeal(dealDiloti(BigInt(seed), dealer, players));
      assert(actual === expected, `diloti ${players} seed ${seed} dealer ${dealer}:\n${actual}\nkafenio deal:\n${expected}`);
    }
  }
}

// A table re-deal (three face cards of one rank among the first four table cards) must
// follow the engine's path: compare seeds that trigger one.
let redeals = 0;
for (let seed = 0n; seed < 20000n && redeals < 5; seed += 1n) {
  const deal = dealDiloti(seed, 0, 4);
  if (deal.tableRedeals === 0) continue;
  redeals += 1;
  const expected = kafenio('deal', '--game', 'diloti', '--players', '4', '--seed', seed.toString(), '--dealer', '0');
  assert(formatDeal(deal) === expected, `diloti seed ${seed} with a table re-deal:\n${formatDeal(deal)}\nkafenio deal:\n${expected}`);
}
assert(redeals === 5, `found ${redeals} seeds with a table re-deal`);

// The commitment: the vector pinned in docs/fairness.md, then random ones that
// `kafenio verify` must accept (and one it must refuse).
const pinned = await dealCommitment(12345678901234567890n, 7n, 3,
  '000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f');
assert(pinned === '0590cbb7a658c4a09c2a7c4ea79640d5bc2ae0128991a6ec068040c483fbb24b', `pinned commitment ${pinned}`);

for (let i = 0; i < 5; i += 1) {
  const seed = BigInt.asUintN(64, BigInt(`0x${randomBytes(8).toString('hex')}`));
  const salt = randomBytes(32).toString('hex');
  const match = BigInt(1 + i * 97);
  const hand = 1 + i;
  const commitment = await dealCommitment(seed, match, hand, salt);
  const verify = (c) => spawnSync(binary, ['verify', '--game', 'pilotta', '--rules', 'cyprus', '--dealer', '0',
    '--match', match.toString(), '--hand', String(hand), '--seed', seed.toString(), '--salt', salt,
    '--commitment', c], { encoding: 'utf8' });
  const ok = verify(commitment);
  assert(ok.status === 0 && ok.stdout.startsWith('commitment ok'), `kafenio verify refused ${commitment}: ${ok.stdout}${ok.stderr}`);
  const flipped = commitment.slice(0, -1) + (commitment.endsWith('0') ? '1' : '0');
  assert(verify(flipped).status === 1, 'kafenio verify accepted a wrong commitment');
}

// verifyHand: a true hand is verified; a wrong seed, salt, dealt hand or table is a
// warning; missing fields say "not published".
const seed = 987654321987654321n;
const salt = randomBytes(32).toString('hex');
const commitment = await dealCommitment(seed, 42n, 2, salt);
const deal = dealDiloti(seed, 1, 2);
const hand = {
  game: 'diloti', preset: 'online', players: 2, matchId: '42', number: 2, commitment,
  seed: seed.toString(), salt, revealedCommitment: commitment, dealer: 1, viewer: 0,
  dealt: deal.hands[0], table: deal.table,
};
assert((await verifyHand(hand)).status === 'verified', 'a true Diloti hand is verified');
assert((await verifyHand({ ...hand, seed: (seed + 1n).toString() })).status === 'warning', 'a wrong seed warns');
assert((await verifyHand({ ...hand, number: 3 })).status === 'warning', 'another hand number warns');
assert((await verifyHand({ ...hand, dealt: deal.hands[1] })).status === 'warning', 'other cards dealt warn');
assert((await verifyHand({ ...hand, table: [...deal.table.slice(1), deal.hands[1][0]] })).status === 'warning', 'another table warns');
assert((await verifyHand({ ...hand, revealedCommitment: '00'.repeat(32) })).status === 'warning', 'a changed commitment warns');
assert((await verifyHand({ ...hand, salt: 'zz' })).status === 'warning', 'a malformed salt warns');
assert((await verifyHand({ ...hand, seed: '', salt: '', commitment: '', revealedCommitment: '' })).status === 'not_published',
  'empty fields: not published');
assert((await verifyHand({ ...hand, dealt: null })).status === 'unchecked', 'no first cards seen: unchecked');
const pilotta = dealPilotta(seed, 3, 'classic');
const pilottaHand = { ...hand, game: 'pilotta', preset: 'classic', players: 4, dealer: 3, viewer: 2,
  dealt: pilotta.hands[2], table: [pilotta.turned] };
assert((await verifyHand(pilottaHand)).status === 'verified', 'a true Pilotta hand is verified');
assert((await verifyHand({ ...pilottaHand, viewer: 1 })).status === 'warning', 'another seat warns');

// DealChecks, the glue the page uses: it follows match events, remembers the commitment
// and the first cards at hand_started, and checks them when hand_ended reveals the seed.
// The page hands it the SDK's messages (protocol.js); here they are read from the JSON
// the server prints.
const message = (event) => fromJson(MatchEventSchema, event);
const gameView = (view) => fromJson(GameViewSchema, { diloti: view });
async function followHand(events) {
  const outcomes = [];
  const checker = new DealChecks((number, outcome) => outcomes.push({ number, outcome }));
  for (const [event, view] of events) checker.observe(message(event), gameView(view));
  await new Promise((resolve) => setTimeout(resolve, 50));
  return outcomes;
}
const view = { viewer: 0, hand: deal.hands[0], loose: deal.table, hand_sizes: [6, 6], rules: 'online', hand_number: 2, dealer: 1 };
const started = { match_id: '42', hand_started: { hand_number: 2, dealer: 1, seed_commitment: commitment } };
const ended = { match_id: '42', hand_ended: { result: { number: 2 }, seed: seed.toString(), salt, seed_commitment: commitment, dealer: 1 } };
const endView = { ...view, hand: [], loose: [] };
let outcomes = await followHand([[started, view], [ended, endView]]);
assert(outcomes.length === 1 && outcomes[0].number === 2 && outcomes[0].outcome.status === 'verified',
  `DealChecks on a true hand: ${JSON.stringify(outcomes)}`);
outcomes = await followHand([[started, { ...view, hand: deal.hands[1] }], [ended, endView]]);
assert(outcomes[0].outcome.status === 'warning', 'DealChecks warns when other cards were dealt');
// A reload in mid-hand: what was saved at hand_started is restored into a new DealChecks.
{
  const before = new DealChecks(() => {});
  before.observe(message(started), gameView(view));
  const saved = JSON.parse(JSON.stringify(before.save()));
  const after = [];
  const reloaded = new DealChecks((number, outcome) => after.push(outcome));
  reloaded.restore(saved);
  reloaded.observe(message({ match_id: '42', snapshot: { seed_commitment: commitment } }), gameView({ ...view, hand: deal.hands[0].slice(1) }));
  reloaded.observe(message(ended), gameView(endView));
  await new Promise((resolve) => setTimeout(resolve, 50));
  assert(after.length === 1 && after[0].status === 'verified', `DealChecks after a reload: ${JSON.stringify(after)}`);
}
const unpublished = { match_id: '42', hand_ended: { result: { number: 2 }, seed: '', salt: '', seed_commitment: '', dealer: 0 } };
outcomes = await followHand([[{ ...started, hand_started: { hand_number: 2, dealer: 1, seed_commitment: '' } }, view], [unpublished, endView]]);
assert(outcomes[0].outcome.status === 'not_published', 'DealChecks: an empty seed is not published');
outcomes = await followHand([[{ match_id: '42', snapshot: { seed_commitment: commitment } }, view], [ended, endView]]);
assert(outcomes[0].outcome.status === 'unchecked', 'DealChecks: joined mid-hand, the first cards are unchecked');

console.log(`ok: ${checks} checks`);
