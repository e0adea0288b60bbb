// The lobby: the live list of public tables (watch one, or sit at one with a free seat),
// joining a private table with its invite code, and the new-table form; its header shows
// the player's ratings and tabs to the leaderboards and the player's matches.

import { actionButton, el } from './dom.js';
import { inviteForm } from './invite.js';
import { tableForm } from './create_table.js';
import { t } from './i18n.js';
import { gameName } from './words.js';
import { rulesInWords } from './rules_words.js';

function seatsSummary(info) {
  return info.seats.map((s) => (s.kind === 'SEAT_EMPTY' ? '—' : s.name)).join(', ');
}

function seriesText(info) {
  const parts = [];
  if (info.series_matches > 0) parts.push(t('lobby.bestOf', { n: info.series_matches }));
  if (info.matches_played > 0) parts.push(t('lobby.series', { score: info.series_score.join(' – ') }));
  return parts.length ? ` · ${parts.join(', ')}` : '';
}

const TABS = [['tables', 'lobby.tabTables'], ['leaderboards', 'lobby.tabLeaderboards'], ['matches', 'lobby.tabMatches'], ['profile', 'lobby.tabProfile'],
  ['tournaments', 'lobby.tabTournaments']];

// `actions`: watch(info), sit(info), joinWithInvite(invite), createTable(request),
// showError(error), showTab(tab); each shows its own errors.
// `lobby`: { tab, registered, ratings (the header's line), panel (the open tab's, unless
// it is the tables tab) }.
export function lobbyScreen(tables, actions, lobby) {
  const header = el('nav', { class: 'panel lobby-head', 'aria-label': t('lobby.label') }, lobby.ratings,
    el('div', { class: 'tabs' }, TABS.map(([tab, label]) => actionButton(t(label), () => actions.showTab(tab),
      { class: 'tab', 'aria-pressed': String(lobby.tab === tab), 'data-tab': tab }))));
  if (lobby.tab !== 'tables') return el('div', { class: 'lobby-screen' }, header, lobby.panel);
  const rows = tables.map((info) => {
    const open = !info.match_in_progress && info.seats.some((s) => s.kind === 'SEAT_EMPTY');
    return el('li', { class: 'lobby-table', 'data-table': info.table_id },
      el('span', {}, `${gameName(info.game)} · ${rulesInWords(info.game, info.rules)} · ${seatsSummary(info)}`,
        info.rated ? ` · ${t('common.rated')}` : '', info.match_in_progress ? ` · ${t('lobby.playing')}` : '', seriesText(info),
        info.spectators ? ` · ${t('common.watchingCount', { n: info.spectators })}` : ''), ' ',
      actionButton(t('lobby.watch'), () => actions.watch(info), { 'aria-label': t('lobby.watchLabel', { game: gameName(info.game), id: info.table_id }) }),
      open ? actionButton(t('lobby.sit'), () => actions.sit(info), { 'aria-label': t('lobby.sitLabel', { game: gameName(info.game), id: info.table_id }) }) : null);
  });
  return el('div', { class: 'lobby-screen' }, header, el('div', { class: 'lobby' },
    lobby.yourTables,
    el('section', { class: 'panel' }, el('h2', {}, t('lobby.tables')),
      rows.length ? el('ul', { class: 'table-list' }, rows) : el('p', { class: 'muted' }, t('lobby.noTables')),
      inviteForm(actions.joinWithInvite, actions.showError)),
    tableForm(actions.createTable, lobby.registered)));
}
