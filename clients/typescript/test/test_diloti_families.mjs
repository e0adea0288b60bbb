// Diloti move families in the SDK (docs/protocol.md, "Diloti move families"): the builder
// matches a selection of table items against the view's plain moves and families, builds
// the move to send with the selection's grouping, and stays fast on a crowded table. First
// on a hand-made family, then against the real server: two players lay until the table
// holds 20 or more loose cards, every family's random selections are matched, a built
// capture is accepted, and selections no family describes are refused (BAD_MOVE for a
// card named twice, ILLEGAL_MOVE for a group of the wrong value).
//
// usage: node test_diloti_families.mjs KAFENIO_BINARY
import WebSocket from 'ws';
import {
  KafenioClient, KafenioError, canAdd, dilotiMoves, familyCompletion, familyMatch, gameView, isMyTurn,
  matchingMoves, possibleMoves, previewSelection,
} from '@kafenio/client';
import { assert as check, startServer } from './server.mjs';

const [binary] = process.argv.slice(2);
let checks = 0;
const assert = (condition, message) => { check(condition, message); checks += 1; };
const same = (a, b) => JSON.stringify([...a].sort()) === JSON.stringify([...b].sort());

// A hand-made group family: 2h makes 7 with 5s (or with 4c+Ad); 7d, 3s+4c and the
// declaration worth 7, which must be folded in, are the other parts.
const group = { kind: 'group', card: '2h', value: 7, anchors: ['2h+5s', '2h+4c+Ad'], parts: ['@7', '7d', '3s+4c'], required: [0] };
const capture = { kind: 'capture', card: '7h', value: 7, anchors: [], parts: ['7d', '3s+4c', '2c+5s', '@7'], required: [] };
const legal = { moves: [{ kind: 'lay', card: '7h', value: 0, groups: [], notation: 'lay 7h' }], families: [group, capture] };

const built = familyMatch(group, ['5s', '@7', '7d']);
assert(built && same(built.groups, ['2h+5s', '@7', '7d']) && built.kind === 'group' && built.value === 7, 'an exact group');
assert(built.notation.startsWith('group 2h '), `its notation: ${built.notation}`);
assert(familyMatch(group, ['5s', '7d']) === null, 'the declaration worth 7 must be folded in');
assert(familyMatch(group, ['@7', '7d']) === null, 'a group needs the played card\'s component');
assert(familyMatch(group, ['5s']) === null, 'and a second component');
assert(familyMatch(group, ['4c', 'Ad', '@7', '3s']) === null, '4c cannot be in two components');
assert(familyMatch(group, ['4c', 'Ad', '@7', '7d']) !== null, 'the other anchor');
assert(familyCompletion(group, ['7d']) !== null && familyCompletion(group, ['3s']) !== null, 'partial selections');
assert(familyCompletion(group, ['4c', 'Ad', '3s']) === null, 'a partial selection that cannot be completed');
assert(familyMatch(capture, ['7d', '3s', '4c', '@7']) !== null, 'a capture of three parts');
assert(familyMatch(capture, ['7d', '3s']) === null, '3s alone is no group worth 7');
assert(familyMatch(capture, []) === null, 'a capture takes something');
assert(same(matchingMoves(legal, '7h', []).map((m) => m.notation), ['lay 7h']), 'the plain move');
assert(previewSelection(legal, '7h', [], { loose: [], declarations: [] }).text.includes('or pick'), 'the lay says more can be picked');
assert(previewSelection(legal, '7h', ['7d', '2c', '5s'], { loose: [], declarations: [] }).state === 'ready', 'a ready capture');
assert(previewSelection(legal, '7h', ['2c'], { loose: [], declarations: [] }).state === 'partial', 'a partial capture');
assert(previewSelection(legal, '2h', ['4c'], { loose: [], declarations: [] }).state === 'partial', 'a partial group');
assert(canAdd(legal, '7h', ['2c'], '3s') && !canAdd(legal, '7h', ['2c'], 'Ad') && !canAdd(legal, '2h', ['Ad', '5s'], '7d'), 'what may join');

// The most crowded table: all 40 numerals loose, a capture with Th (played from the hand,
// so one ten is in the hand: 39 loose) has every set of loose numerals worth 10 as a part.
const numerals = [];
for (const rank of ['A', '2', '3', '4', '5', '6', '7', '8', '9', 'T']) {
  for (const suit of 'cdhs') if (`${rank}${suit}` !== 'Th') numerals.push(`${rank}${suit}`);
}
const worth = (card) => ({ A: 1, T: 10 })[card[0]] ?? Number(card[0]);
const sets = [];
(function subsets(start, sum, chosen) {
  if (sum === 10) { sets.push(chosen.join('+')); return; }
  for (let i = start; i < numerals.length; i += 1) {
    if (sum + worth(numerals[i]) <= 10) subsets(i + 1, sum + worth(numerals[i]), [...chosen, numerals[i]]);
  }
}(0, 0, []));
const widest = { moves: [], families: [{ kind: 'capture', card: 'Th', value: 10, anchors: [], parts: sets, required: [] }] };
const timed = (label, work) => {
  const started = performance.now();
  const result = work();
  console.log(`${label}: ${(performance.now() - started).toFixed(1)} ms`);
  return result;
};
console.log(`${numerals.length} loose numerals, ${sets.length} parts worth 10`);
assert(sets.length > 1000, 'a wide family');
assert(timed('canAdd for every loose card', () => numerals.every((item) => canAdd(widest, 'Th', [], item))), 'each card joins');
const nines = ['9c', '9d', '9h', '9s', 'Ac', 'Ad', 'Ah', 'As'];
assert(timed('an exact capture of 8 parts', () => familyMatch(widest.families[0], [...nines, 'Tc', 'Td', 'Ts', '5c', '5d', '6c', '4d']))
  !== null, 'nine+ace four times, three tens, 5+5, 6+4');
assert(timed('an exact selection that is no move', () => familyMatch(widest.families[0], [...nines, '5c', '4c'])) === null,
  'the four aces are taken by the nines: 5c+4c is worth 9');
assert(familyCompletion(widest.families[0], [...nines, '5c', '4c']) !== null, 'but other cards can complete it');
// 28 picked cards that are no capture: the search remembers its failures by how many cards
// of each value are left (the parts are closed under swapping cards of one value), so it
// does not try every pairing of them.
const many = ['2c', '2d', '2h', '2s', '3c', '3d', '3h', '3s', '4c', '4d', '4h', '4s', 'Ac', 'Ad', 'Ah', 'As',
  '5c', '5d', '5h', '5s', '6c', '6d', '6h', '6s', '7c', '7d', '7h', '7s'];
assert(timed('28 picked cards that are no capture', () => familyMatch(widest.families[0], many)) === null, 'no exact capture');
assert(timed('28 picked cards that more can complete', () => familyCompletion(widest.families[0], many)) !== null, 'a completion');
assert(timed('canAdd after 8 items, for every card', () => numerals.filter((item) => !nines.includes(item))
  .filter((item) => canAdd(widest, 'Th', nines, item)).length) > 0, 'some cards can still join');

// Against the server.
const server = await startServer(binary, { settings: ['bot_delay_ms=0'] });
const clients = [];
async function player(name) {
  const client = new KafenioClient({ url: server.url, format: 'json', requestTimeoutMs: 60_000,
    webSocket: (url) => new WebSocket(url) });
  clients.push(client);
  await client.connect();
  await client.register(name, 'correct horse 1');
  return client;
}
const isNumeral = (card) => /^[A2-9T]/.test(card);
// A random legal selection of the family as table items: an anchor, the required parts,
// then parts that fit, each with probability one half (at least one).
function randomSelection(family) {
  const items = new Set();
  const take = (group) => {
    const list = group.split('+').filter((i) => i !== family.card);
    if (list.some((i) => items.has(i))) return false;
    list.forEach((i) => items.add(i));
    return true;
  };
  const anchors = family.kind === 'group' ? [...family.anchors].sort(() => Math.random() - 0.5) : [''];
  for (const anchor of anchors) {
    items.clear();
    if (anchor) take(anchor);
    let parts = 0;
    for (const i of family.required) parts += take(family.parts[i]) ? 1 : 0;
    for (const part of [...family.parts].sort(() => Math.random() - 0.5)) {
      if (parts > 0 && Math.random() < 0.5) continue;
      parts += take(part) ? 1 : 0;
    }
    if (parts > 0) return [...items];
  }
  return null;
}

try {
  const [a, b] = [await player('Άννα'), await player('Βασίλης')];
  const { tableId } = await a.createTable({ game: 'diloti', seats: 2 });
  await b.joinTable(tableId);
  await a.sit(tableId, 0);
  await b.sit(tableId, 1);
  const crowded = await new Promise((resolve, reject) => {
    for (const client of [a, b]) {
      let actedAt = -1n;
      client.on((event) => {
        if (event.case !== 'matchEvent' || event.value.tableId !== tableId) return;
        const { view, table } = event;
        if (!isMyTurn(view) || table.seq === actedAt) return;
        actedAt = table.seq;
        if (gameView(view).loose.length >= 20 && dilotiMoves(view).families.length >= 3) return resolve({ client, view });
        const { moves } = dilotiMoves(view);
        const lay = moves.find((m) => m.kind === 'lay' && isNumeral(m.card)) ?? moves.find((m) => m.kind === 'lay') ?? moves[0];
        client.playMove(tableId, lay).catch(reject);
      });
    }
    for (const client of [a, b]) client.setReady(tableId).catch(reject);
  });
  const { client, view } = crowded;
  const moves = dilotiMoves(view);
  const loose = gameView(view).loose;
  console.log(`${loose.length} loose cards, ${moves.moves.length} plain moves, ${moves.families.length} families, `
    + `${moves.families.reduce((n, f) => n + f.parts.length + f.anchors.length, 0)} parts and anchors`);
  // Every family's random selections match exactly that family's move.
  for (const family of moves.families) {
    for (let draw = 0; draw < 5; draw += 1) {
      const picked = randomSelection(family);
      assert(picked, `a selection of ${family.kind} ${family.card} ${family.value}`);
      const matched = matchingMoves(moves, family.card, picked).filter((m) => m.kind === family.kind && m.value === family.value);
      assert(matched.length === 1, `${family.kind} ${family.card} ${picked.join(' ')} matched ${matched.length}`);
      assert(possibleMoves(moves, family.card, picked.slice(1)).length > 0, 'its part is on the way to a move');
    }
  }
  // What a page asks on every redraw: which table items may join, for every hand card.
  const started = performance.now();
  let asked = 0;
  for (const card of gameView(view).hand) {
    for (const item of loose) { canAdd(moves, card, [], item); asked += 1; }
    for (const item of loose.slice(0, 3)) {
      for (const next of loose) { canAdd(moves, card, [item], next); asked += 1; }
    }
  }
  console.log(`builder: ${asked} canAdd questions in ${(performance.now() - started).toFixed(0)} ms`);
  // A built capture is accepted; two parts sharing a card are refused.
  const family = moves.families.find((f) => f.kind === 'capture' && f.parts.length > 1);
  assert(family, 'a capture family with several parts');
  let overlapping = null;
  for (const p of family.parts) {
    for (const q of family.parts) {
      if (p !== q && p.split('+').some((i) => q.split('+').includes(i))) overlapping = [p, q];
    }
  }
  if (overlapping) {
    const refused = await client.playMove(tableId, { kind: 'capture', card: family.card, groups: overlapping }).catch((e) => e);
    assert(refused instanceof KafenioError && refused.codeName === 'BAD_MOVE', `overlapping parts refused: ${refused}`);
  }
  const refusedGroup = await client.playMove(tableId, { kind: 'capture', card: family.card, groups: [loose.find((c) => !isNumeral(c)) ?? '@1'] })
    .catch((e) => e);
  assert(refusedGroup instanceof KafenioError && refusedGroup.codeName === 'ILLEGAL_MOVE', `a wrong group refused: ${refusedGroup}`);
  const picked = randomSelection(family);
  const [move] = matchingMoves(moves, family.card, picked).filter((m) => m.kind === 'capture');
  await client.playMove(tableId, move);
  assert(true, `built capture ${move.notation} accepted`);
} finally {
  for (const c of clients) c.close();
  await server.stop();
}
console.log(`${checks} passed, 0 failed`);
process.exit(0);
