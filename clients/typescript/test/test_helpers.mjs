// The SDK's helpers, without a server: the fair-deal re-deal and commitment against the
// server's own `kafenio deal` and `kafenio verify`, card text and order, move words,
// Pilotta's grouped options, the Diloti builder, the score sheet, and view patches in both
// frame formats (the patch decoded from JSON and from binary applies the same way).
//
// usage: node test_helpers.mjs KAFENIO_BINARY
import { execFileSync, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { create, toBinary } from '@bufbuild/protobuf';
import {
  EnvelopeSchema, GameViewSchema, ScoreSheet, applyPatch, canAdd, cardLabel, dealCommitment, dealDiloti, dealPilotta,
  decodeEnvelope, encodeEnvelope, describeMove, formatDeal, legalMoves, moveLabel, pilottaOptions, previewSelection,
  handBreakdown, sortCards, tableItemsOf, verifyHand,
} from '@kafenio/client';
import { assert as check } from './server.mjs';

const [binary] = process.argv.slice(2);
let checks = 0;
const assert = (condition, message) => { check(condition, message); checks += 1; };
const kafenio = (...args) => execFileSync(binary, args, { encoding: 'utf8' });

// Re-deals equal `kafenio deal`, for both games, every preset and every dealer.
const seeds = ['0', '1', '12345678901234567890', '18446744073709551615'];
for (let i = 0; i < 3; i += 1) seeds.push(BigInt.asUintN(64, BigInt(`0x${randomBytes(8).toString('hex')}`)).toString());
for (const seed of seeds) {
  for (const preset of ['cyprus', 'classic', 'classic2']) {
    for (let dealer = 0; dealer < (preset === 'classic2' ? 2 : 4); dealer += 1) {
      const expected = kafenio('deal', '--game', 'pilotta', '--rules', preset, '--seed', seed, '--dealer', String(dealer));
      assert(formatDeal(dealPilotta(BigInt(seed), dealer, preset)) === expected, `pilotta ${preset} ${seed} ${dealer}`);
    }
  }
  for (const players of [2, 4]) {
    for (let dealer = 0; dealer < players; dealer += 1) {
      const expected = kafenio('deal', '--game', 'diloti', '--players', String(players), '--seed', seed, '--dealer', String(dealer));
      assert(formatDeal(dealDiloti(BigInt(seed), dealer, players)) === expected, `diloti ${players} ${seed} ${dealer}`);
    }
  }
}
let redeals = 0;
for (let seed = 0n; seed < 20000n && redeals < 2; seed += 1n) {
  const deal = dealDiloti(seed, 0, 4);
  if (!deal.tableRedeals) continue;
  redeals += 1;
  assert(formatDeal(deal) === kafenio('deal', '--game', 'diloti', '--players', '4', '--seed', `${seed}`, '--dealer', '0'),
    `diloti table re-deal ${seed}`);
}

// Commitments: the vector in docs/fairness.md, and one `kafenio verify` accepts.
const pinned = await dealCommitment(12345678901234567890n, 7n, 3, '000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f');
assert(pinned === '0590cbb7a658c4a09c2a7c4ea79640d5bc2ae0128991a6ec068040c483fbb24b', `pinned commitment ${pinned}`);
const salt = randomBytes(32).toString('hex');
const commitment = await dealCommitment(987654321n, 42n, 2, salt);
const verified = spawnSync(binary, ['verify', '--game', 'pilotta', '--rules', 'cyprus', '--dealer', '0', '--match', '42',
  '--hand', '2', '--seed', '987654321', '--salt', salt, '--commitment', commitment], { encoding: 'utf8' });
assert(verified.status === 0 && verified.stdout.startsWith('commitment ok'), `kafenio verify: ${verified.stdout}`);
const deal = dealDiloti(987654321n, 1, 2);
const hand = { game: 'diloti', preset: 'online', players: 2, matchId: 42n, number: 2, commitment, seed: '987654321', salt,
  revealedCommitment: commitment, dealer: 1, viewer: 0, dealt: deal.hands[0], table: deal.table };
assert((await verifyHand(hand)).status === 'verified', 'a true hand verifies');
assert((await verifyHand({ ...hand, seed: '987654322' })).status === 'warning', 'a wrong seed warns');
assert((await verifyHand({ ...hand, dealt: deal.hands[1] })).status === 'warning', 'other cards warn');
assert((await verifyHand({ ...hand, dealt: null })).status === 'unchecked', 'unseen first cards: unchecked');
// Each outcome names its reason, for a translated UI (the web page's `fair.<reason>`).
assert((await verifyHand(hand)).reason === 'verified' && (await verifyHand({ ...hand, dealt: deal.hands[1] })).reason === 'handMismatch'
  && (await verifyHand({ ...hand, seed: '' })).reason === 'notPublished', 'fair-deal reasons');
assert((await verifyHand({ ...hand, seed: '', salt: '' })).status === 'not_published', 'nothing revealed');

// Cards and moves.
assert(cardLabel('Th') === '10♥' && cardLabel('As') === 'A♠' && cardLabel('??') === '??', 'card labels');
assert(sortCards(['As', 'Tc', '7c', 'Jh', '9h'], 'pilotta').join(' ') === '7c Tc 9h Jh As', 'pilotta plain order');
assert(sortCards(['Ah', 'Jh', '9h', '7h'], 'pilotta', 'h').join(' ') === '7h Ah 9h Jh', 'pilotta trump order');
assert(sortCards(['Kd', 'Ad', '2c', 'Td'], 'diloti').join(' ') === '2c Ad Td Kd', 'diloti order');
assert(moveLabel({ notation: 'bid 90 nt', kind: 'bid' }) === 'Bid 90 no trumps', 'bid words');
assert(moveLabel({ notation: 'capture 7h 3d+4s @7', kind: 'capture' }) === 'Capture 7♥ 3♦+4♠ @7', 'capture words');

// Diloti's builder, on the moves a view lists.
const move = (kind, card, groups, value = 0) => ({ kind, card, groups, value, notation: `${kind} ${card} ${groups.join(' ')}` });
const legal = [move('lay', '8c', []), move('capture', '8c', ['8c', '3d+5s'], 8), move('capture', '7h', ['7h', '3d+4s', '@7'], 7)];
const table = { loose: ['3d', '5s', '4s'], declarations: [{ value: 7, group: false }] };
assert(tableItemsOf(legal[2]).join(' ') === '3d 4s @7', 'items of a capture');
assert(canAdd(legal, '8c', [], '3d') && !canAdd(legal, '8c', [], '4s'), 'what may join a selection');
assert(previewSelection(legal, '8c', ['5s', '3d'], table).state === 'ready', 'a complete selection');
assert(previewSelection(legal, '8c', ['3d'], table).state === 'partial', 'a partial selection');
assert(describeMove(legal[2], table) === 'capture 7♥, 3♦+4♠ and declaration 7 with your 7♥', describeMove(legal[2], table));

// Legal moves and Pilotta's options come from the view, only on the viewer's turn.
const pilotta = (toAct) => create(GameViewSchema, { game: { case: 'pilotta', value: {
  viewer: 1, toAct, phase: 'play', hand: ['Jh', 'Kh'],
  legalMoves: [{ kind: 'play', card: 'Jh', notation: 'play Jh' }, { kind: 'play', card: 'Kh', notation: 'play Kh' },
    { kind: 'play', card: 'Kh', belote: true, notation: 'play Kh belote' }] } } });
assert(legalMoves(pilotta(0)).length === 0, 'no legal moves on another seat\'s turn');
const options = pilottaOptions(pilotta(1));
assert(options.cardPlays.has('Jh') && !options.cardPlays.has('Kh') && options.calls.length === 2, 'pilotta options');

// A patch applies the same from JSON and from binary; `cleared` resets fields.
const before = create(GameViewSchema, { game: { case: 'diloti', value: { viewer: 0, toAct: 0, hand: ['8c', '7h'], loose: ['3d'], stockSize: 30 } } });
const event = { requestId: '', body: { case: 'matchEvent', value: { tableId: 't', seq: 5n,
  patch: { set: { game: { case: 'diloti', value: { toAct: 1, hand: ['7h'], loose: ['3d', '8c'] } } }, cleared: ['legal_moves', 'stock_size'] } } } };
for (const format of ['json', 'binary']) {
  const decoded = decodeEnvelope(encodeEnvelope(event, format));
  const after = applyPatch(before, decoded.body.value.patch).game.value;
  assert(after.toAct === 1 && after.hand.join() === '7h' && after.loose.join() === '3d,8c' && after.stockSize === 0
    && after.viewer === 0, `patch from ${format}`);
  assert(before.game.value.hand.length === 2, 'the old view is untouched');
}
// The server's JSON: snake_case names, int64 as strings, enums by name; unknown fields skipped.
const fromServer = decodeEnvelope('{"request_id":"r1","error":{"code":"ILLEGAL_MOVE","message":"no","request_id":"r1"},"future_field":1}');
assert(fromServer.body.case === 'error' && fromServer.body.value.code === 17, 'a server error in JSON');
// Field 1000, a varint: a number no branch has taken (docs: reserved numbers per branch).
const unknownBinary = new Uint8Array([...toBinary(EnvelopeSchema, create(EnvelopeSchema, { requestId: 'x' })), 0xc0, 0x3e, 0x01]);
assert(decodeEnvelope(unknownBinary).requestId === 'x', 'an unknown binary field (field 1000) is skipped');

// The score sheet model.
const sheet = new ScoreSheet();
sheet.record({ number: 1, line: 'hand 1 ...', capturedCards: [30, 22], score: [3, 1], totals: [3, 1], annulled: false, made: false,
  tricks: [], cardPoints: [], declarations: [], belote: [], points: [], xeri: [], mostCards: [3, 0], tenDiamonds: [], twoClubs: [], aces: [] });
sheet.setFairness(1, { status: 'verified', text: 'deal verified' });
const [row] = sheet.rows('diloti');
assert(row.number === 1 && row.lines.map((l) => l.label).join() === 'cards,most cards,score,totals' && row.fairness.status === 'verified',
  'score sheet rows');
assert(new ScoreSheet().fairnessOf(3).status === 'unchecked', 'an unseen hand is unchecked');
assert(row.lines.map((l) => l.name).join() === 'captured_cards,most_cards,score,totals' && row.totals.join() === '3,1'
  && row.score.join() === '3,1', 'each line names its .proto field; totals and score per team');
assert(handBreakdown({ number: 2, tricks: [5, 3], cardPoints: [100, 62], score: [10, 6] }, 'pilotta').map((l) => l.name).join()
  === 'tricks,card_points,score', 'a hand\'s breakdown, Pilotta');

// Words in another language: the UI's for the parts it translates, the SDK's for the rest.
const greek = (word, role) => (role === 'kind' && word === 'bid' ? 'Δήλωση' : word === 'nt' ? 'χωρίς ατού' : undefined);
assert(moveLabel({ notation: 'bid 90 nt' }, greek) === 'Δήλωση 90 χωρίς ατού', moveLabel({ notation: 'bid 90 nt' }, greek));
assert(moveLabel({ notation: 'play Th' }, greek) === 'Play 10♥', 'untranslated parts stay the SDK\'s');
const builderWords = (key, params) => ({ lay: `ρίξε το ${params?.card}`, pickCard: 'Διάλεξε φύλλο.' })[key] ?? key;
assert(describeMove({ kind: 'lay', card: '8h', groups: [], value: 0, notation: 'lay 8h' }, { loose: [], declarations: [] }, builderWords)
  === 'ρίξε το 8♥', 'the builder in other words');
assert(previewSelection([], null, [], { loose: [], declarations: [] }, builderWords).text === 'Διάλεξε φύλλο.', 'the preview in other words');

console.log(`sdk helpers: ${checks} checks ok`);
