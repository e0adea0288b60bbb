// The "My matches" panel: the player's matches, newest first, each with its game and
// rules, date, the seats' names, the result and score, what a rated match did to the
// rating, and a link to the finished match's game record; "More" fetches older ones.

import { actionButton, el } from './dom.js';
import { modeName, rounded } from './ratings.js';

// won, lost, drawn (finished without a winner), abandoned (finished with a bot in a
// seat a player left) or live.
export function resultOf(match) {
  if (match.state === 'live' || match.state === 'abandoned') return match.state;
  if (match.winner < 0) return 'drawn';
  return match.winner === match.own_team ? 'won' : 'lost';
}

function when(match) {
  const ms = Number(match.finished_unix_ms) || Number(match.started_unix_ms);
  return new Date(ms).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

// "anna (you) vs petros", or partners joined: "anna (you) & bot vs bot & petros".
function seatsLine(match) {
  const name = (seat) => {
    const entry = (match.seats || []).find((s) => s.seat === seat);
    if (!entry) return `seat ${seat + 1}`;
    return seat === match.own_seat ? `${entry.name} (you)` : entry.name;
  };
  const count = (match.seats || []).length;
  if (count === 4) return `${name(0)} & ${name(2)} vs ${name(1)} & ${name(3)}`;
  return `${name(0)} vs ${name(1)}`;
}

function ratingLine(rating) {
  const change = Number(rating.rating_after) - Number(rating.rating_before);
  const sign = change >= 0 ? '+' : '−';
  return el('span', { class: `rating-change ${change >= 0 ? 'up' : 'down'}` },
    `${modeName(rating.mode)} ${rounded(rating.rating_before)} → ${rounded(rating.rating_after)} (${sign}${Math.abs(rounded(change))})`);
}

function matchItem(match) {
  const result = resultOf(match);
  const game = match.game === 'pilotta' ? 'Pilotta' : 'Diloti';
  return el('li', { class: `match result-${result}`, 'data-match': match.match_id },
    el('p', { class: 'match-head' }, el('strong', { class: 'result' }, result), ' · ',
      el('span', { class: 'score', 'aria-label': 'score' }, (match.totals || []).join(' – ')), ' · ',
      `${game} · ${match.rules}`),
    el('p', { class: 'match-seats' }, seatsLine(match)),
    el('p', { class: 'match-meta muted' }, when(match), match.rated ? ' · rated' : ' · casual'),
    match.rating ? el('p', { class: 'match-rating' }, 'Rating: ', ratingLine(match.rating)) : null,
    result !== 'live' ? el('a', { class: 'record-link', href: `/matches/${match.match_id}/record`, target: '_blank', rel: 'noopener',
      'aria-label': `game record of match ${match.match_id}` }, 'record') : null);
}

// `history`: Results.history; `onMore()` fetches the next page.
export function historyPanel(history, onMore) {
  let body;
  if (!history.matches) body = el('p', { class: 'muted' }, history.loading ? 'Loading…' : '');
  else if (!history.matches.length) body = el('p', { class: 'muted empty' }, history.failed ? 'Could not load your matches.' : 'No matches yet.');
  else body = el('ol', { class: 'match-list' }, history.matches.map(matchItem));
  const more = history.matches && history.next !== '0'
    ? actionButton('More', onMore, { disabled: history.loading, 'aria-busy': history.loading ? 'true' : null, class: 'more' }) : null;
  return el('section', { class: 'panel results-panel', 'aria-labelledby': 'history-title' },
    el('h2', { id: 'history-title' }, 'My matches'), body, more);
}
