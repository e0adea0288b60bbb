// Words for moves are the SDK's (moveLabel: the record notation, suits as symbols), with
// the page's words for the move's kind and for trump names, belote and capot.

import { moveLabel as sdkMoveLabel } from './sdk/kafenio-client.js';
import { has, t } from './i18n.js';
import { trumpName } from './words.js';

function words(word, role) {
  if (role === 'kind') return has(`move.${word}`) ? t(`move.${word}`) : undefined;
  if (word === 'nt' || word === 'at') return trumpName(word);
  if (word === 'belote') return t('move.beloteWord');
  if (word === '250') return t('pilotta.capot');
  return undefined;
}

export function moveLabel(move) {
  return sdkMoveLabel(move, words);
}
