// The leaderboards panel: one tab per rating mode, and the best-rated players of the
// mode shown, highest first; the signed-in player's row is highlighted.

import { actionButton, el } from './dom.js';
import { MODES, modeName, rounded } from './ratings.js';

// `board`: Results.board; `accountId`: the signed-in player's; `onMode(mode)` switches.
export function leaderboardPanel(board, accountId, onMode) {
  const tabs = el('div', { class: 'tabs', role: 'group', 'aria-label': 'rating mode' },
    MODES.map(([mode, label]) => actionButton(label, () => onMode(mode),
      { class: 'tab', 'aria-pressed': String(board.mode === mode), 'data-mode': mode })));
  let body;
  if (board.loading) body = el('p', { class: 'muted' }, 'Loading…');
  else if (!board.entries) body = el('p', { class: 'muted' }, board.failed ? 'Could not load this leaderboard.' : '');
  else if (!board.entries.length) body = el('p', { class: 'muted empty' }, `No rated ${modeName(board.mode)} players yet.`);
  else {
    body = el('table', { class: 'leaderboard', 'data-mode': board.mode },
      el('caption', {}, `${modeName(board.mode)} ratings`),
      el('thead', {}, el('tr', {}, ['Rank', 'Player', 'Rating', 'RD', 'Matches'].map((h) => el('th', { scope: 'col' }, h)))),
      el('tbody', {}, board.entries.map((entry, i) => {
        const me = entry.account_id === accountId;
        return el('tr', { class: me ? 'me' : null, 'aria-current': me ? 'true' : null },
          el('td', {}, i + 1),
          el('th', { scope: 'row' }, entry.name, me ? ' (you)' : ''),
          el('td', {}, rounded(entry.rating)),
          el('td', {}, rounded(entry.rd)),
          el('td', {}, entry.matches));
      })));
  }
  return el('section', { class: 'panel results-panel', 'aria-labelledby': 'leaderboards-title' },
    el('h2', { id: 'leaderboards-title' }, 'Leaderboards'), tabs, body);
}
