// Words for moves: the record notation, its first word (the kind) translated, suits
// shown as symbols.

import { cardLabel, suitSymbol } from './cards.js';
import { has, t } from './i18n.js';
import { trumpName } from './words.js';

const CARD = /^(?:[2-9TJQKA])[cdhs]$/;

function token(word) {
  if (CARD.test(word)) return cardLabel(word);
  if (/^[cdhs]$/.test(word)) return suitSymbol(word);
  if (word === 'nt' || word === 'at') return trumpName(word);
  if (word === 'belote') return t('move.beloteWord');
  if (word === '250') return t('pilotta.capot');
  // Diloti groups: "3d+4s", "@7" (a declaration worth 7).
  if (word.includes('+')) return word.split('+').map(token).join('+');
  return word;
}

export function moveLabel(move) {
  const words = (move.notation || move.kind || '').split(/\s+/).filter(Boolean);
  if (words.length === 0) return '?';
  const [first, ...rest] = words;
  const kind = has(`move.${first}`) ? t(`move.${first}`) : first[0].toUpperCase() + first.slice(1);
  return [kind, ...rest.map(token)].join(' ');
}
