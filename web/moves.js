// Words for moves: the record notation, with suits shown as symbols.

import { cardLabel, suitSymbol } from './cards.js';

const SUIT_WORDS = { nt: 'no trumps', at: 'all trumps' };
const CARD = /^(?:[2-9TJQKA])[cdhs]$/;

function token(word) {
  if (CARD.test(word)) return cardLabel(word);
  if (/^[cdhs]$/.test(word)) return suitSymbol(word);
  if (SUIT_WORDS[word]) return SUIT_WORDS[word];
  // Diloti groups: "3d+4s", "@7" (a declaration worth 7).
  if (word.includes('+')) return word.split('+').map(token).join('+');
  return word;
}

export function moveLabel(move) {
  const words = (move.notation || move.kind || '').split(/\s+/).filter(Boolean);
  if (words.length === 0) return '?';
  const [first, ...rest] = words;
  return [first[0].toUpperCase() + first.slice(1), ...rest.map(token)].join(' ');
}
