// The page's Diloti move builder (web/diloti_builder.js: the SDK's, in the page's words) in Node: a selection of table
// items matches exactly the legal moves that use that set, partial and impossible
// selections say so, and each kind of move is described in words.
//
// usage: node test_diloti_builder.mjs WEB_DIR
import { pathToFileURL } from 'node:url';
import { join } from 'node:path';

const [webDir] = process.argv.slice(2);
const { canAdd, describeMove, matchingMoves, previewSelection, tableItemsOf } =
  await import(pathToFileURL(join(webDir, 'diloti_builder.js')).href);

let checks = 0;
function equal(actual, expected, what) {
  const a = JSON.stringify(actual);
  const e = JSON.stringify(expected);
  if (a !== e) throw new Error(`${what}: got ${a}, expected ${e}`);
  checks += 1;
}

// Moves as the server sends them: the notation, and its tokens after the card as groups.
function move(notation, value = 0) {
  const [kind, card, ...groups] = notation.split(' ');
  return { notation, kind, card, value, groups };
}

// Table: loose 3d 5s 8c 2c 4h, a plain declaration of 7 (owned by the opponent).
const table = { loose: ['3d', '5s', '8c', '2c', '4h'], declarations: [{ value: 7, cards: ['3c', '4c'], owner: 1, group: false }] };
const legal = [
  move('lay 8h'),
  move('capture 8h 3d+5s 8c', 8),
  move('capture 8h 8c', 8),
  move('capture 8h 3d+5s', 8),
  move('lay 2h'),
  move('capture 2h 2c', 2),
  move('declare 2h 2c', 4),
  move('group 2h 2h 2c', 2),
  move('raise 2h @7', 9),
  move('capture 7s @7 3d+4h', 7),
];

equal(tableItemsOf(legal[1]), ['3d', '5s', '8c'], 'a capture uses its groups\' cards');
equal(tableItemsOf(legal[7]), ['2c'], 'a group move does not count the played card');
equal(tableItemsOf(legal[8]), ['@7'], 'a raise uses the declaration');
equal(tableItemsOf(legal[0]), [], 'a lay uses nothing');

// Matching is by set, in any order of picking.
equal(matchingMoves(legal, '8h', ['8c', '5s', '3d']).map((m) => m.notation), ['capture 8h 3d+5s 8c'], 'full capture');
equal(matchingMoves(legal, '8h', []).map((m) => m.notation), ['lay 8h'], 'nothing picked: the lay');
equal(matchingMoves(legal, '2h', ['2c']).map((m) => m.notation), ['capture 2h 2c', 'declare 2h 2c', 'group 2h 2h 2c'],
  'one set, three moves');

// Previews.
equal(previewSelection(legal, null, [], table).state, 'none', 'no card');
equal(previewSelection(legal, '8h', ['8c', '5s', '3d'], table), {
  state: 'ready', text: 'capture 3♦+5♠ and 8♣ with your 8♥', moves: [legal[1]],
}, 'a capture is ready');
equal(previewSelection(legal, '8h', ['3d'], table).state, 'partial', '3d alone is on the way to a capture');
equal(previewSelection(legal, '8h', ['3d'], table).text, 'Not a move yet: pick more (2 possible moves).', 'partial text');
equal(previewSelection(legal, '8h', ['2c'], table), {
  state: 'illegal', text: 'Not legal: no move with your 8♥ uses 2♣.', moves: [],
}, 'an impossible pick');
equal(previewSelection(legal, '2h', ['2c'], table).state, 'choose', 'several moves: choose');
equal(previewSelection(legal, '8h', [], table).text, 'lay 8♥ on the table (or pick table cards to capture or declare)',
  'a lay that could also be a capture');
equal(previewSelection(legal, '9d', [], table).state, 'illegal', 'a card with no move');
equal(canAdd(legal, '8h', ['3d'], '5s'), true, '5s can join 3d for the 8');
equal(canAdd(legal, '8h', ['3d'], '4h'), false, '4h cannot');

// Words for every kind.
equal(describeMove(legal[6], table), 'declare 4 (2♥ + 2♣)', 'declare');
equal(describeMove(legal[7], table), 'make a group of 2: 2♥ and 2♣', 'group');
equal(describeMove(legal[8], table), 'raise declaration 7 to 9 with your 2♥', 'raise');
equal(describeMove(legal[9], table), 'capture declaration 7 and 3♦+4♥ with your 7♠', 'capture of a declaration');
const withGroup = { loose: ['5d'], declarations: [{ value: 5, cards: ['5c', '5s'], owner: 0, group: true }] };
equal(describeMove(move('group 5h 5h 5d @5', 5), withGroup), 'grow a group of 5: 5♥, 5♦ and declaration 5', 'growing a group');
const withPlain = { loose: ['5d'], declarations: [{ value: 5, cards: ['2c', '3s'], owner: 0, group: false }] };
equal(describeMove(move('group 5h 5h 5d @5', 5), withPlain), 'make a group of 5: 5♥, 5♦ and declaration 5', 'folding a plain declaration in');
const sweep = { loose: ['8c'], declarations: [] };
equal(describeMove(move('capture 8h 8c', 8), sweep), 'capture 8♣ with your 8♥ (clears the table)', 'a sweep');

// The same table as the view gives it: plain moves, and the numeral captures and groups
// as move families (docs/protocol.md, "Diloti move families").
const plain = legal.filter((m) => !['capture', 'group'].includes(m.kind));
const moves = {
  moves: plain,
  families: [
    { kind: 'capture', card: '8h', value: 8, parts: ['8c', '3d+5s'] },
    { kind: 'capture', card: '2h', value: 2, parts: ['2c'] },
    { kind: 'group', card: '2h', value: 2, anchors: ['2h'], parts: ['2c'] },
    { kind: 'capture', card: '7s', value: 7, parts: ['@7', '3d+4h'], required: [0] },
  ],
};
const sent = matchingMoves(moves, '8h', ['8c', '5s', '3d']);
equal(sent.map((m) => [m.kind, m.card, [...m.groups].sort()]), [['capture', '8h', ['3d+5s', '8c']]], 'a family capture, grouped');
equal(previewSelection(moves, '8h', ['3d'], table).state, 'partial', '3d is on the way to a family capture');
equal(previewSelection(moves, '8h', ['8c', '5s', '3d'], table).state, 'ready', 'the whole capture');
equal(previewSelection(moves, '2h', ['2c'], table).moves.map((m) => m.kind).sort(), ['capture', 'declare', 'group'],
  'a plain move and two families use the same card');
equal(previewSelection(moves, '7s', ['3d', '4h'], table).state, 'partial', 'the declaration must be taken too');
equal(matchingMoves(moves, '7s', ['@7', '3d', '4h']).map((m) => m.notation), ['capture 7s @7 3d+4h'], 'with it');
equal(canAdd(moves, '8h', ['3d'], '5s'), true, '5s can join 3d for the 8, from the family');
equal(canAdd(moves, '8h', ['3d'], '4h'), false, '4h cannot');
equal(previewSelection(moves, '8h', [], table).text, 'lay 8♥ on the table (or pick table cards to capture or declare)',
  'a lay whose card also has a family');

console.log(`ok: ${checks} checks`);
