// The "My matches" panel: the player's matches, newest first, each with its game and
// rules, date, the seats' names, the result and score, what a rated match did to the
// rating, and a link to the finished match's game record; "More" fetches older ones.

import { actionButton, el } from './dom.js';
import { locale, t } from './i18n.js';
import { gameName, historyBotName, isBotSeat } from './words.js';
import { modeName, rounded } from './ratings.js';
import { rulesInWords } from './rules_words.js';

// won, lost, drawn (finished without a winner), abandoned (finished with a bot in a
// seat a player left) or live.
export function resultOf(match) {
  if (match.state === 'live' || match.state === 'abandoned') return match.state;
  if (match.winner < 0) return 'drawn';
  return match.winner === match.own_team ? 'won' : 'lost';
}

function when(match) {
  const ms = Number(match.finished_unix_ms) || Number(match.started_unix_ms);
  return new Date(ms).toLocaleString(locale(), { dateStyle: 'medium', timeStyle: 'short' });
}

// "anna (you) vs petros", or partners joined: "anna (you) & bot vs bot & petros".
function seatsLine(match) {
  const name = (seat) => {
    const entry = (match.seats || []).find((s) => s.seat === seat);
    if (!entry) return t('seat.number', { n: seat + 1 });
    if (isBotSeat(entry)) return historyBotName(seat, entry);
    return seat === match.own_seat ? `${entry.name} ${t('common.youMark')}` : entry.name;
  };
  const count = (match.seats || []).length;
  if (count === 4) return `${name(0)} & ${name(2)} ${t('common.vs')} ${name(1)} & ${name(3)}`;
  return `${name(0)} ${t('common.vs')} ${name(1)}`;
}

function ratingLine(rating) {
  const change = Number(rating.rating_after) - Number(rating.rating_before);
  const sign = change >= 0 ? '+' : '−';
  return el('span', { class: `rating-change ${change >= 0 ? 'up' : 'down'}` },
    `${modeName(rating.mode)} ${rounded(rating.rating_before)} → ${rounded(rating.rating_after)} (${sign}${Math.abs(rounded(change))})`);
}

function matchItem(match, onReplay) {
  const result = resultOf(match);
  const game = gameName(match.game);
  return el('li', { class: `match result-${result}`, 'data-match': match.match_id },
    el('p', { class: 'match-head' }, el('strong', { class: 'result', 'data-result': result }, t(`result.${result}`)), ' · ',
      el('span', { class: 'score', 'aria-label': t('history.score') }, (match.totals || []).join(' – ')), ' · ',
      `${game} · ${rulesInWords(match.game, match.rules)}`),
    el('p', { class: 'match-seats' }, seatsLine(match)),
    el('p', { class: 'match-meta muted' }, when(match), ` · ${t(match.rated ? 'common.rated' : 'common.casual')}`),
    match.rating ? el('p', { class: 'match-rating' }, t('history.rating'), ratingLine(match.rating)) : null,
    result !== 'live' ? el('a', { class: 'record-link', href: `/matches/${match.match_id}/record`, target: '_blank', rel: 'noopener',
      'aria-label': t('history.recordLabel', { id: match.match_id }) }, t('history.record')) : null,
    result !== 'live' && onReplay ? actionButton(t('history.replay'), () => onReplay(match), { class: 'replay-open', 'data-match': match.match_id }) : null);
}

// `history`: Results.history; `onMore()` fetches the next page.
export function historyPanel(history, onMore, onReplay) {
  let body;
  if (!history.matches) body = el('p', { class: 'muted' }, history.loading ? t('common.loading') : '');
  else if (!history.matches.length) body = el('p', { class: 'muted empty' }, t(history.failed ? 'history.failed' : 'history.none'));
  else body = el('ol', { class: 'match-list' }, history.matches.map((m) => matchItem(m, onReplay)));
  const more = history.matches && history.next !== '0'
    ? actionButton(t('history.more'), onMore, { disabled: history.loading, 'aria-busy': history.loading ? 'true' : null, class: 'more' }) : null;
  return el('section', { class: 'panel results-panel', 'aria-labelledby': 'history-title' },
    el('h2', { id: 'history-title' }, t('lobby.tabMatches')), body, more);
}
