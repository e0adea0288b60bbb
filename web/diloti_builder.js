// The Diloti move builder is the SDK's (sdk/kafenio-client.js; docs/clients.md): matching
// the picked hand card and table items ("7h", "@7" for a declaration) against the server's
// legal moves (its plain moves and move families, { moves, families }), and the sentences describing a move or the selection. Here it speaks the
// page's language: each sentence is the `builder.*` message of the SDK's key.

import * as builder from './sdk/kafenio-client.js';
import { t } from './i18n.js';

const words = (key, params) => (key === 'and' ? t('common.and') : t(`builder.${key}`, params));

export const { tableItemsOf, movesWithCard, hasMoves, matchingMoves, possibleMoves, canAdd } = builder;

export function describeMove(move, table) {
  return builder.describeMove(move, table, words);
}

// { state: 'none' | 'card' | 'partial' | 'illegal' | 'ready' | 'choose', text, moves }
export function previewSelection(legal, card, picked, table) {
  return builder.previewSelection(legal || { moves: [], families: [] }, card, picked, table, words);
}
