// Diloti's move builder, without any UI: the player picks a hand card, then table items
// (loose cards, and declarations named "@VALUE"); the selection is matched against the
// server's legal moves, and a matched move is described in words.
//
// A legal move is identified by its played card, its kind and the set of table items it
// uses (record-format.md: the grouping only shows that it adds up), so the selection is a
// set, and the groups of the matched move are the server's own.
import type { DilotiDeclaration, Move } from '../gen/kafenio/v1/kafenio_pb.js';
import { cardLabel } from './cards.js';

type MoveLike = Pick<Move, 'kind' | 'card' | 'value' | 'groups' | 'notation'>;
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

export function movesWithCard<M extends MoveLike>(legal: readonly M[], card: string | null | undefined): M[] {
  return legal.filter((move) => move.card === card);
}

// The legal moves that play `card` and use exactly the picked items.
export function matchingMoves<M extends MoveLike>(legal: readonly M[], card: string, picked: readonly string[]): M[] {
  return movesWithCard(legal, card).filter((move) => sameSet(tableItemsOf(move), picked));
}

// The legal moves with `card` that use at least the picked items (a selection on its way).
export function possibleMoves<M extends MoveLike>(legal: readonly M[], card: string, picked: readonly string[]): M[] {
  return movesWithCard(legal, card).filter((move) => picked.every((item) => tableItemsOf(move).includes(item)));
}

// Whether picking `item` next still leads to some legal move.
export function canAdd(legal: readonly MoveLike[], card: string, picked: readonly string[], item: string): boolean {
  return possibleMoves(legal, card, [...picked, item]).length > 0;
}

function itemText(item: string): string {
  return item.startsWith('@') ? `declaration ${item.slice(1)}` : cardLabel(item);
}

function groupText(group: string): string {
  return group.split('+').map(itemText).join('+');
}

function list(words: string[]): string {
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;
}

// "capture 3♦+5♠ and 8♣ with your 8♥", "declare 7 (3♥ + 4♣)", "raise declaration 7 to 9
// with your 2♥", "make a group of 5: ...", "lay 8♣ on the table".
export function describeMove(move: MoveLike, table: DilotiTable = { loose: [], declarations: [] }): string {
  const card = cardLabel(move.card);
  const groups = move.groups ?? [];
  switch (move.kind) {
    case 'lay':
      return `lay ${card} on the table`;
    case 'capture': {
      const all = [...table.loose, ...table.declarations.map((d) => `@${d.value}`)];
      const sweep = all.length > 0 && sameSet(tableItemsOf(move), all) ? ' (clears the table)' : '';
      return `capture ${list(groups.map(groupText))} with your ${card}${sweep}`;
    }
    case 'declare':
      return `declare ${move.value} (${[move.card, ...groups].map(groupText).join(' + ')})`;
    case 'raise': {
      const from = groups.find((g) => g.startsWith('@'));
      return `raise ${from ? itemText(from) : 'the declaration'} to ${move.value} with your ${card}`;
    }
    case 'group': {
      // Taking in an existing group of the same value grows it; anything else makes one.
      const grows = groups.includes(`@${move.value}`) && table.declarations.some((d) => d.value === move.value && d.group);
      return `${grows ? 'grow' : 'make'} a group of ${move.value}: ${list(groups.map(groupText))}`;
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
export function previewSelection<M extends MoveLike>(legal: readonly M[], card: string | null, picked: readonly string[],
  table: DilotiTable): Preview<M> {
  if (!card) return { state: 'none', text: 'Pick a card from your hand.', moves: [] };
  const exact = matchingMoves(legal, card, picked);
  if (exact.length === 1) {
    // A lay needs no table cards; say so when the card could also take or build.
    const more = exact[0].kind === 'lay' && movesWithCard(legal, card).length > 1
      ? ' (or pick table cards to capture or declare)' : '';
    return { state: 'ready', text: describeMove(exact[0], table) + more, moves: exact };
  }
  if (exact.length > 1) {
    return { state: 'choose', text: `These cards can be played ${exact.length} ways: pick one.`, moves: exact };
  }
  const possible = possibleMoves(legal, card, picked);
  if (picked.length === 0) {
    return possible.length
      ? { state: 'card', text: `Now pick the table cards or declarations to take or build with your ${cardLabel(card)}.`, moves: [] }
      : { state: 'illegal', text: `${cardLabel(card)} has no legal move.`, moves: [] };
  }
  if (possible.length) {
    return { state: 'partial', text: `Not a move yet: pick more (${possible.length} possible move${possible.length > 1 ? 's' : ''}).`, moves: [] };
  }
  return { state: 'illegal', text: `Not legal: no move with your ${cardLabel(card)} uses ${list(picked.map(itemText))}.`, moves: [] };
}
