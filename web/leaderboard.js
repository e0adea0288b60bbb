// The leaderboards panel: one tab per rating mode, and the best-rated players of the
// mode shown, highest first; the signed-in player's row is highlighted.

import { actionButton, el } from './dom.js';
import { t } from './i18n.js';
import { MODES, modeName, rounded } from './ratings.js';

// `board`: Results.board; `accountId`: the signed-in player's; `onMode(mode)` switches.
export function leaderboardPanel(board, accountId, onMode) {
  const tabs = el('div', { class: 'tabs', role: 'group', 'aria-label': t('board.mode') },
    MODES.map((mode) => actionButton(modeName(mode), () => onMode(mode),
      { class: 'tab', 'aria-pressed': String(board.mode === mode), 'data-mode': mode })));
  let body;
  if (board.loading) body = el('p', { class: 'muted' }, t('common.loading'));
  else if (!board.entries) body = el('p', { class: 'muted' }, board.failed ? t('board.failed') : '');
  else if (!board.entries.length) body = el('p', { class: 'muted empty' }, t('board.empty', { mode: modeName(board.mode) }));
  else {
    body = el('table', { class: 'leaderboard', 'data-mode': board.mode },
      el('caption', {}, t('board.caption', { mode: modeName(board.mode) })),
      el('thead', {}, el('tr', {}, ['board.rank', 'board.player', 'board.rating', 'board.rd', 'board.matches'].map((h) => el('th', { scope: 'col' }, t(h))))),
      el('tbody', {}, board.entries.map((entry, i) => {
        const me = entry.account_id === accountId;
        return el('tr', { class: me ? 'me' : null, 'aria-current': me ? 'true' : null },
          el('td', {}, i + 1),
          el('th', { scope: 'row' }, entry.name, me ? ` ${t('common.youMark')}` : ''),
          el('td', {}, rounded(entry.rating)),
          el('td', {}, rounded(entry.rd)),
          el('td', {}, entry.matches));
      })));
  }
  return el('section', { class: 'panel results-panel', 'aria-labelledby': 'leaderboards-title' },
    el('h2', { id: 'leaderboards-title' }, t('lobby.tabLeaderboards')), tabs, body);
}
