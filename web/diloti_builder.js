// The Diloti move builder's logic, without the DOM: the player picks a hand card, then
// table items (loose cards, and declarations named "@VALUE"); the selection is matched
// against the server's legal moves, and a matched move is described in words.
//
// A legal move is identified by its played card, its kind and the set of table items it
// uses (record-format.md: the grouping only shows that it adds up), so the selection is
// a set, and the groups of the matched move are the server's own.

import { cardLabel } from './cards.js';
import { t } from './i18n.js';

// The table items a move uses: every card of every group except the played card, and
// the declarations it takes in ("@7"), sorted.
export function tableItemsOf(move) {
  const items = (move.groups || []).flatMap((group) => group.split('+'));
  const played = items.indexOf(move.card);
  if (played >= 0) items.splice(played, 1);
  return items.sort();
}

function sameSet(a, b) {
  return a.length === b.length && [...a].sort().join(' ') === [...b].sort().join(' ');
}

function covers(items, picked) {
  return picked.every((item) => items.includes(item));
}

export function movesWithCard(legal, card) {
  return (legal || []).filter((move) => move.card === card);
}

// The legal moves that play `card` and use exactly the picked items.
export function matchingMoves(legal, card, picked) {
  return movesWithCard(legal, card).filter((move) => sameSet(tableItemsOf(move), picked));
}

// How many legal moves with `card` use at least the picked items (a selection on its
// way to a move).
export function possibleMoves(legal, card, picked) {
  return movesWithCard(legal, card).filter((move) => covers(tableItemsOf(move), picked));
}

// Whether picking `item` next still leads to some legal move.
export function canAdd(legal, card, picked, item) {
  return possibleMoves(legal, card, [...picked, item]).length > 0;
}

function itemText(item) {
  return item.startsWith('@') ? t('builder.declarationItem', { value: item.slice(1) }) : cardLabel(item);
}

function groupText(group) {
  return group.split('+').map(itemText).join('+');
}

function list(words) {
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} ${t('common.and')} ${words[words.length - 1]}`;
}

// "capture 3♦+5♠ and 8♣ with your 8♥", "declare 7 (3♥ + 4♣)", "raise declaration 7 to
// 9 with your 2♥", "make a group of 5: ...", "lay 8♣ on the table".
export function describeMove(move, table = { loose: [], declarations: [] }) {
  const card = cardLabel(move.card);
  const groups = move.groups || [];
  switch (move.kind) {
    case 'lay':
      return t('builder.lay', { card });
    case 'capture': {
      const used = tableItemsOf(move);
      const all = [...(table.loose || []), ...(table.declarations || []).map((d) => `@${d.value}`)];
      const sweep = all.length > 0 && sameSet(used, all) ? t('builder.sweep') : '';
      return t('builder.capture', { groups: list(groups.map(groupText)), card, sweep });
    }
    case 'declare':
      return t('builder.declare', { value: move.value, cards: [move.card, ...groups].map(groupText).join(' + ') });
    case 'raise': {
      const from = groups.find((g) => g.startsWith('@'));
      return t('builder.raise', { from: from ? itemText(from) : t('builder.theDeclaration'), value: move.value, card });
    }
    case 'group': {
      // Taking in an existing group of the same value grows it; anything else makes one.
      const grows = groups.includes(`@${move.value}`)
        && (table.declarations || []).some((d) => d.value === move.value && d.group);
      return t(grows ? 'builder.growGroup' : 'builder.makeGroup', { value: move.value, groups: list(groups.map(groupText)) });
    }
    default:
      return move.notation || move.kind;
  }
}

// What the builder says about the current selection:
//   { state: 'none' | 'card' | 'partial' | 'illegal' | 'ready' | 'choose', text, moves }
// `moves` are the legal moves that can be sent as the selection stands.
export function previewSelection(legal, card, picked, table) {
  if (!card) return { state: 'none', text: t('builder.pickCard'), moves: [] };
  const exact = matchingMoves(legal, card, picked);
  if (exact.length === 1) {
    // A lay needs no table cards; say so when the card could also take or build.
    const more = exact[0].kind === 'lay' && movesWithCard(legal, card).length > 1
      ? t('builder.orPick') : '';
    return { state: 'ready', text: describeMove(exact[0], table) + more, moves: exact };
  }
  if (exact.length > 1) {
    return { state: 'choose', text: t('builder.choose', { n: exact.length }), moves: exact };
  }
  const possible = possibleMoves(legal, card, picked);
  if (picked.length === 0) {
    return possible.length
      ? { state: 'card', text: t('builder.nowPick', { card: cardLabel(card) }), moves: [] }
      : { state: 'illegal', text: t('builder.noMove', { card: cardLabel(card) }), moves: [] };
  }
  if (possible.length) {
    return { state: 'partial', text: t(possible.length > 1 ? 'builder.partialMany' : 'builder.partialOne', { n: possible.length }), moves: [] };
  }
  return { state: 'illegal', text: t('builder.illegal', { card: cardLabel(card), items: list(picked.map(itemText)) }), moves: [] };
}
