// Diloti's move builder, without any UI: the player picks a hand card, then table items
// (loose cards, and declarations named "@VALUE"); the selection is matched against the
// server's legal moves, and a matched move is described in words.
//
// A legal move is identified by its played card, its kind and the set of table items it
// uses (record-format.md: the grouping only shows that it adds up), so the selection is a
// set. The legal moves are the view's plain moves (legal_moves) and its move families
// (move_families: every numeral capture and group declaration, diloti_families.ts), given
// as DilotiMoves; a plain list of moves is accepted too. A matched plain move is the
// server's own; a matched family move is built with the selection's grouping as its groups.
import type { DilotiDeclaration, Move } from '../gen/kafenio/v1/kafenio_pb.js';
import { cardLabel } from './cards.js';
import { type FamilyLike, type FamilyMove, familyCompletion, familyMatch } from './diloti_families.js';

type MoveLike = Pick<Move, 'kind' | 'card' | 'value' | 'groups' | 'notation'>;
// The legal moves of the player to act: plain moves and families (dilotiMoves in moves.ts
// reads them from a view), or a plain list.
export interface DilotiMoves<M extends MoveLike = MoveLike> {
  moves: readonly M[];
  families: readonly FamilyLike[];
}
export type DilotiLegal<M extends MoveLike = MoveLike> = readonly M[] | DilotiMoves<M>;

function plainOf<M extends MoveLike>(legal: DilotiLegal<M> | null | undefined): readonly M[] {
  if (!legal) return [];
  return Array.isArray(legal) ? legal : (legal as DilotiMoves<M>).moves ?? [];
}
function familiesOf(legal: DilotiLegal<MoveLike> | null | undefined, card: string | null | undefined): readonly FamilyLike[] {
  if (!legal || Array.isArray(legal)) return [];
  return ((legal as DilotiMoves).families ?? []).filter((family) => family.card === card);
}
export interface DilotiTable {
  loose: readonly string[];
  declarations: readonly Pick<DilotiDeclaration, 'value' | 'group'>[];
}

// The table items a move uses: every card of every group but the played card, and the
// declarations it takes in ("@7"), sorted.
export function tableItemsOf(move: MoveLike): string[] {
  const items = (move.groups ?? []).flatMap((group) => group.split('+'));
  const played = items.indexOf(move.card);
  if (played >= 0) items.splice(played, 1);
  return items.sort();
}

function sameSet(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && [...a].sort().join(' ') === [...b].sort().join(' ');
}

// The plain moves that play `card`.
export function movesWithCard<M extends MoveLike>(legal: DilotiLegal<M>, card: string | null | undefined): M[] {
  return plainOf(legal).filter((move) => move.card === card);
}

// Whether `card` has any legal move, plain or in a family.
export function hasMoves(legal: DilotiLegal<MoveLike>, card: string | null | undefined): boolean {
  return movesWithCard(legal, card).length > 0 || familiesOf(legal, card).length > 0;
}

// The legal moves that play `card` and use exactly the picked items: plain moves, and for
// each family whose selection the items are, its move grouped as they split.
export function matchingMoves<M extends MoveLike>(legal: DilotiLegal<M>, card: string, picked: readonly string[]): (M | FamilyMove)[] {
  const plain: (M | FamilyMove)[] = movesWithCard(legal, card).filter((move) => sameSet(tableItemsOf(move), picked));
  for (const family of familiesOf(legal, card)) {
    const move = familyMatch(family, picked);
    if (move) plain.push(move);
  }
  return plain;
}

// The legal moves with `card` that use at least the picked items (a selection on its way):
// the plain ones, and one move of each family that can still be completed (a family may
// stand for many).
export function possibleMoves<M extends MoveLike>(legal: DilotiLegal<M>, card: string, picked: readonly string[]): (M | FamilyMove)[] {
  const plain: (M | FamilyMove)[] = movesWithCard(legal, card)
    .filter((move) => picked.every((item) => tableItemsOf(move).includes(item)));
  for (const family of familiesOf(legal, card)) {
    const move = familyCompletion(family, picked);
    if (move) plain.push(move);
  }
  return plain;
}

// Whether picking `item` next still leads to some legal move.
export function canAdd(legal: DilotiLegal<MoveLike>, card: string, picked: readonly string[], item: string): boolean {
  const next = [...picked, item];
  if (movesWithCard(legal, card).some((move) => next.every((i) => tableItemsOf(move).includes(i)))) return true;
  return familiesOf(legal, card).some((family) => familyCompletion(family, next) !== null);
}

// The builder's sentences, by key, with {placeholders}: English by default; a translated
// UI passes its own lookup (the web page: its `builder.*` messages, "and" from `common.and`).
export type BuilderWords = (key: BuilderWordKey, params?: Record<string, string | number>) => string;
export const BUILDER_ENGLISH = {
  and: 'and',
  declarationItem: 'declaration {value}',
  lay: 'lay {card} on the table',
  sweep: ' (clears the table)',
  capture: 'capture {groups} with your {card}{sweep}',
  declare: 'declare {value} ({cards})',
  raise: 'raise {from} to {value} with your {card}',
  theDeclaration: 'the declaration',
  growGroup: 'grow a group of {value}: {groups}',
  makeGroup: 'make a group of {value}: {groups}',
  pickCard: 'Pick a card from your hand.',
  orPick: ' (or pick table cards to capture or declare)',
  choose: 'These cards can be played {n} ways: pick one.',
  nowPick: 'Now pick the table cards or declarations to take or build with your {card}.',
  noMove: '{card} has no legal move.',
  partialOne: 'Not a move yet: pick more ({n} possible move).',
  partialMany: 'Not a move yet: pick more ({n} possible moves).',
  illegal: 'Not legal: no move with your {card} uses {items}.',
};
export type BuilderWordKey = keyof typeof BUILDER_ENGLISH;

export const englishBuilderWords: BuilderWords = (key, params = {}) =>
  BUILDER_ENGLISH[key].replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));

function itemText(item: string, w: BuilderWords): string {
  return item.startsWith('@') ? w('declarationItem', { value: item.slice(1) }) : cardLabel(item);
}

function groupText(group: string, w: BuilderWords): string {
  return group.split('+').map((item) => itemText(item, w)).join('+');
}

function list(words: string[], w: BuilderWords): string {
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} ${w('and')} ${words[words.length - 1]}`;
}

// "capture 3♦+5♠ and 8♣ with your 8♥", "declare 7 (3♥ + 4♣)", "raise declaration 7 to 9
// with your 2♥", "make a group of 5: ...", "lay 8♣ on the table".
export function describeMove(move: MoveLike, table: DilotiTable = { loose: [], declarations: [] },
  w: BuilderWords = englishBuilderWords): string {
  const card = cardLabel(move.card);
  const groups = move.groups ?? [];
  const groupList = () => list(groups.map((g) => groupText(g, w)), w);
  switch (move.kind) {
    case 'lay':
      return w('lay', { card });
    case 'capture': {
      const all = [...(table.loose ?? []), ...(table.declarations ?? []).map((d) => `@${d.value}`)];
      const sweep = all.length > 0 && sameSet(tableItemsOf(move), all) ? w('sweep') : '';
      return w('capture', { groups: groupList(), card, sweep });
    }
    case 'declare':
      return w('declare', { value: move.value, cards: [move.card, ...groups].map((g) => groupText(g, w)).join(' + ') });
    case 'raise': {
      const from = groups.find((g) => g.startsWith('@'));
      return w('raise', { from: from ? itemText(from, w) : w('theDeclaration'), value: move.value, card });
    }
    case 'group': {
      // Taking in an existing group of the same value grows it; anything else makes one.
      const grows = groups.includes(`@${move.value}`) && (table.declarations ?? []).some((d) => d.value === move.value && d.group);
      return w(grows ? 'growGroup' : 'makeGroup', { value: move.value, groups: groupList() });
    }
    default:
      return move.notation || move.kind;
  }
}

export type PreviewState = 'none' | 'card' | 'partial' | 'illegal' | 'ready' | 'choose';
export interface Preview<M> {
  state: PreviewState;
  text: string;
  moves: M[]; // the legal moves that can be sent as the selection stands
}

// What a builder says about the current selection.
export function previewSelection<M extends MoveLike>(legal: DilotiLegal<M>, card: string | null, picked: readonly string[],
  table: DilotiTable, w: BuilderWords = englishBuilderWords): Preview<M | FamilyMove> {
  if (!card) return { state: 'none', text: w('pickCard'), moves: [] };
  const exact = matchingMoves(legal, card, picked);
  if (exact.length === 1) {
    // A lay needs no table cards; say so when the card could also take or build.
    const more = exact[0].kind === 'lay' && (movesWithCard(legal, card).length > 1 || familiesOf(legal, card).length > 0)
      ? w('orPick') : '';
    return { state: 'ready', text: describeMove(exact[0], table, w) + more, moves: exact };
  }
  if (exact.length > 1) return { state: 'choose', text: w('choose', { n: exact.length }), moves: exact };
  const possible = possibleMoves(legal, card, picked);
  if (picked.length === 0) {
    return possible.length
      ? { state: 'card', text: w('nowPick', { card: cardLabel(card) }), moves: [] }
      : { state: 'illegal', text: w('noMove', { card: cardLabel(card) }), moves: [] };
  }
  if (possible.length) {
    return { state: 'partial', text: w(possible.length > 1 ? 'partialMany' : 'partialOne', { n: possible.length }), moves: [] };
  }
  return { state: 'illegal', text: w('illegal', { card: cardLabel(card), items: list(picked.map((i) => itemText(i, w)), w) }), moves: [] };
}
