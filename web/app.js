// The Kafenio browser client: sign in as a guest, the live lobby, creating and sitting at
// a table, and playing from the server's views; the player's ratings, match history and
// the leaderboards. The server is the authority: the client
// only draws the views it receives and offers the moves listed in `legal_moves`.

import { Connection, ServerError, serverUrl } from './protocol.js';
import { actionButton, el } from './dom.js';
import { renderPilotta } from './pilotta.js';
import { withSeatDefaults } from './view_defaults.js';
import { renderDiloti } from './diloti.js';
import { ScoreSheet } from './scoresheet.js';
import { errorTitle } from './errors.js';
import { botLevelSelect, chosenBotLevel, createTable } from './create_table.js';
import { lobbyScreen } from './lobby.js';
import { signInScreen } from './sign_in.js';
import { DealChecks } from './sdk/kafenio-client.js';
import { tableItemsOf } from './diloti_builder.js';
import { invitePanel, parseInvite } from './invite.js';
import { Results } from './results.js';
import { ratingsSummary } from './ratings.js';
import { leaderboardPanel } from './leaderboard.js';
import { historyPanel } from './match_history.js';
import { TournamentPages } from './tournaments.js';
import { profilePanel } from './profile.js';
import { openReplay, replayScreen } from './replay_view.js';
import { language, onLanguageChange, setLanguage, t } from './i18n.js';
import { applyPreferences, preferences, setPreference } from './preferences.js';
import { playSound } from './sounds.js';
import { TableMemory } from './table_memory.js';
import { animate } from './motion.js';
import { seatBadge } from './seat_badge.js';
import { botName, gameName } from './words.js';
import { rulesInWords } from './rules_words.js';
import { resultTable } from './scoresheet.js';
import { TurnAlert } from './turn_alert.js';
import { deadlineAfterInfo } from './turn_clock.js';
import { PressGuard } from './press_guard.js';
import { reportButton } from './report.js';
import { moveAlongRow } from './arrow_keys.js';
import { RatingChanges, START_RATING, ratingChangesPanel } from './rating_changes.js';

const main = document.getElementById('main');
const errors = document.getElementById('errors');
const connectionBadge = document.getElementById('connection');
const whoBadge = document.getElementById('who');
const settingsBar = document.getElementById('settings');

const state = {
  account: null,
  lobby: new Map(),       // table_id → TableInfo
  table: null,            // { id, info, matchId, lastSeq, view, game, deadline, ended, invite }
  selectedCard: null,     // Diloti: the hand card of the move being built
  picked: [],             // Diloti: the table items ("7h", "@7") picked for that move
  allMovesOpen: false,    // Diloti: the list of every legal move is unfolded
  moving: false,          // a move is in flight; its buttons are not pressed twice
  tableMoving: false,     // the table passes between server nodes; joining it again
  joins: 0,               // tables joined (and rejoined after a reconnect) so far
  chat: [],
  lobbyTab: 'tables',     // the lobby's open tab: tables, leaderboards or matches
  open: new Set(),        // the table's folding panels the player has open (kept across redraws)
  ratings: new Map(),     // account id → its Profile's ratings, for the seats' badges
  replay: null,           // the finished match being replayed (replay_view.js), if any
};
const memory = new TableMemory();
// A button had the keyboard's focus when a redraw took it away: the focus returns to the
// first thing to play once there is one (render).
let keyboardWaits = false;
const turnAlert = new TurnAlert();
const scores = new ScoreSheet();
const tournaments = new TournamentPages(ask, () => render(), (id) => joinTable(id).catch(() => {}));
// The SDK's fair-deal check (docs/fairness.md); its outcome in the player's language.
const dealChecks = new DealChecks((hand, outcome) => {
  scores.setFairness(hand, { status: outcome.status, text: t(`fair.${outcome.reason}`, { error: outcome.error }) });
  render();
});
const results = new Results(ask, () => render());
// A rated match's rating changes; once known, the seats' ratings are fetched again.
const ratingChanges = new RatingChanges((name, body) => conn.request(name, body), () => { state.ratings.clear(); render(); });
const conn = new Connection(serverUrl(window.location));
window.kafenio = { conn, state }; // for the browser tests and for curious players

// --- errors: every refusal is shown, with its code, until dismissed ------------------

function showError(error) {
  const code = error instanceof ServerError ? error.code : 'CLIENT';
  // The table is passing to another server node: the page follows it by itself.
  if (code === 'TABLE_MOVING') return;
  const text = error instanceof ServerError ? error.detail : error.message || String(error);
  const title = errorTitle(code);
  const item = el('li', { class: 'error', 'data-code': code },
    title ? [el('strong', {}, title), ': '] : null, text,
    code !== 'CLIENT' ? el('span', { class: 'error-code' }, ` (${code})`) : null, ' ',
    actionButton(t('common.dismiss'), () => item.remove(), { class: 'dismiss', 'aria-label': t('common.dismissError') }));
  errors.append(item);
}

async function ask(name, body) {
  try {
    return await conn.request(name, body);
  } catch (error) {
    showError(error);
    throw error;
  }
}

// --- saved session: a reload or a dropped connection resumes where the player was -----

// The session lives in this tab's session storage; a player who chose to stay signed in
// also keeps the token in local storage, for other tabs and after a restart.
function saveSession() {
  const token = state.account && state.account.token;
  if (preferences.stay && token) localStorage.setItem('kafenio-token', token);
  sessionStorage.setItem('kafenio', JSON.stringify({
    token: state.account && state.account.token,
    table: state.table && {
      id: state.table.id, matchId: state.table.matchId, lastSeq: state.table.lastSeq, invite: state.table.invite,
      // What a reload cannot ask the server for: this match's score sheet so far, and what
      // was dealt at the start of the hand in play (for its fair-deal check).
      scores: scores.save(), deals: dealChecks.save(), ended: state.table.ended,
      memory: memory.save(), chat: state.chat.slice(-50),
    },
  }));
}

function savedSession() {
  let saved = {};
  try { saved = JSON.parse(sessionStorage.getItem('kafenio')) || {}; } catch { saved = {}; }
  if (!saved.token && localStorage.getItem('kafenio-token')) saved = { token: localStorage.getItem('kafenio-token') };
  return saved;
}

function forgetSession() {
  sessionStorage.removeItem('kafenio');
  localStorage.removeItem('kafenio-token');
}

function newTable(id, invite = '') {
  state.table = { id, info: null, matchId: '0', lastSeq: '0', view: null, game: null, deadline: 0, ended: null, invite };
  scores.reset();
  dealChecks.reset();
  memory.reset();
  state.chat = [];
}

// Joins (or rejoins) a table; without sitting down this is watching it. `invite` is the
// full invite ("TABLE-CODE") of a private table.
// `rejoin`: coming back after a reload or a reconnect, when a closed table is no
// surprise worth a bare UNKNOWN_TABLE.
// With several server nodes (docs/scaling.md) the table may be played on another node: the
// SDK follows it there; while it passes from a node that died to another (TABLE_MOVING)
// the page asks again, every 0.2 s for up to 30 s.
async function joinTable(id, matchId = '0', lastSeq = '0', invite = '', rejoin = false) {
  if (!state.table || state.table.id !== id) newTable(id, invite);
  const code = parseInvite(state.table.invite);
  try {
    const request = { table_id: id, invite_code: code ? code.code : '', match_id: matchId, last_seq: lastSeq };
    for (let attempt = 0; ; attempt += 1) {
      try {
        await conn.request('join_table', request);
        break;
      } catch (error) {
        const moving = error instanceof ServerError && error.code === 'TABLE_MOVING';
        if (!moving || attempt >= 150) throw error;
        // Until the table is back the badge says so, as for a dropped connection.
        state.tableMoving = true;
        conn.onStatus('reconnecting');
        await new Promise((wake) => { setTimeout(wake, 200); });
      }
    }
    if (state.tableMoving) conn.onStatus('online');
    state.tableMoving = false;
    state.joins += 1;
  } catch (error) {
    state.tableMoving = false;
    state.table = null;
    saveSession();
    render();
    const closed = rejoin && error instanceof ServerError && error.code === 'UNKNOWN_TABLE';
    showError(closed ? new Error(t('app.tableClosedAway')) : error);
    throw error;
  }
  saveSession();
  render();
}

async function resume() {
  const saved = savedSession();
  if (!saved.token) return false;
  try {
    const reply = await conn.request('resume', { token: saved.token });
    if (!state.account || state.account.account_id !== reply.signed_in.account_id) results.reset();
    state.account = reply.signed_in;
  } catch (error) {
    if (error instanceof ServerError && error.code === 'SESSION_EXPIRED') {
      forgetSession();
      showError(new Error(t('app.sessionExpired')));
      state.account = null;
      render();
      return false;
    }
    throw error;
  }
  await ask('subscribe_lobby', {}).then((reply) => setLobby(reply.lobby.tables));
  if (saved.table) {
    // A reloaded page has no view: ask for the current one (a snapshot, as last_seq is 0);
    // the score sheet and the deal checks come back from session storage.
    newTable(saved.table.id, saved.table.invite || '');
    state.table.matchId = saved.table.matchId || '0';
    scores.restore(saved.table.scores);
    state.table.ended = saved.table.ended || null; // a finished match sends no snapshot
    dealChecks.restore(saved.table.deals);
    memory.restore(saved.table.memory);
    state.chat = saved.table.chat || [];
    await joinTable(saved.table.id, state.table.matchId, '0', '', true).catch(() => {});
  }
  render();
  return true;
}

// --- pushed messages ----------------------------------------------------------------

function setLobby(tables) {
  state.lobby = new Map((tables || []).map((t) => [t.table_id, t]));
}

function onMatchEvent(event) {
  const table = state.table;
  if (!table || event.table_id !== table.id) return;
  // A new match (announced, or found in a snapshot after a reload) starts a new sheet.
  const otherMatch = table.matchId !== '0' && event.match_id !== table.matchId;
  if (event.match_started || otherMatch) { scores.reset(); dealChecks.reset(); table.ended = null; }
  table.matchId = event.match_id;
  table.lastSeq = event.seq;
  // Each event comes with the whole view after it (the SDK applies the server's patches;
  // protocol.js).
  const before = table.view;
  const whole = Object.entries(event.view || {}).find(([, v]) => v);
  if (whole) [table.game, table.view] = whole;
  const game = table.game;
  withSeatDefaults(table.view, game);
  const view = whole ? table.view : null;
  if (view) {
    scores.record(view.last_result);
    dealChecks.observe(event.message.event, event.message.view);
    memory.observe(event, game, before, view);
  }
  if (event.move_played) playSound(view && view.trick && view.trick.length === 0 && game === 'pilotta' ? 'trick' : 'card');
  if (event.hand_ended) playSound('hand');
  if (event.hand_ended) scores.record(event.hand_ended.result);
  if (event.match_ended) {
    table.ended = event.match_ended;
    results.markStale(); // a rated match has moved the ratings
  }
  table.deadline = Number(event.turn_deadline_unix_ms || 0);
  // A new position: a half-built Diloti move may no longer be legal.
  state.selectedCard = null;
  state.picked = [];
  saveSession();
  renderSoon();
  const mine = table.view && table.view.viewer >= 0 && table.view.to_act === table.view.viewer && !table.ended
    && table.view.phase !== 'match_over';
  if (turnAlert.update(mine, t('app.yourTurnTitle'), document.title.replace(/^● .* — /, ''))) playSound('turn');
}

conn.listeners.add((message) => {
  if (message.error) showError(new ServerError(message.error));
  else if (message.table) {
    const info = message.table;
    if (state.lobby.has(info.table_id) || !info.private) state.lobby.set(info.table_id, info);
    if (state.table && state.table.id === info.table_id) {
      // The lobby's copy of our table's update follows the table's own, the same: drawn once.
      const same = JSON.stringify(state.table.info) === JSON.stringify(info);
      state.table.deadline = deadlineAfterInfo(state.table.info, info, mySeat(info), state.table.deadline);
      state.table.info = info;
      if (!same) renderSoon();
    } else if (lobbyOnScreen()) renderSoon();
  } else if (message.announcement) {
    // The site's staff to every player (a maintenance warning): shown until the next one.
    const banner = document.getElementById('announcement');
    banner.textContent = message.announcement.text;
    banner.hidden = false;
  } else if (message.table_closed) {
    // The server closed the table we sit at (staff, a tournament): say why, back to the lobby.
    if (state.table && state.table.id === message.table_closed.table_id) {
      showError(new Error(t('app.tableClosedReason', { reason: message.table_closed.reason })));
      state.table = null;
      saveSession();
      render();
    }
  } else if (message.table_removed) {
    const id = message.table_removed.table_id;
    state.lobby.delete(id);
    if (state.table && state.table.id === id) {
      // The table closed under us: say so, and go back to the lobby.
      showError(new Error(t('app.tableClosed')));
      state.table = null;
      saveSession();
      render();
    } else if (lobbyOnScreen()) render();
  } else if (message.match_event) onMatchEvent(message.match_event);
  else if (message.partner_invitation) tournaments.onInvitation(message.partner_invitation);
  else if (message.tournament_round_started) tournaments.onRoundStarted(message.tournament_round_started);
  else if (message.chat) {
    state.chat.push(message.chat);
    saveSession(); // the chat so far survives a reload
    render();
  }
});

conn.onStatus = (status) => {
  connectionBadge.textContent = t(`connection.${status}`);
  connectionBadge.className = `badge ${status}`;
  connectionBadge.dataset.status = status;
};
// Back after a dropped connection (or at another node): the SDK has resumed the session,
// subscribed to the lobby again and rejoined the table, whose missed events (or a
// snapshot) came as match events.
conn.onResumed = () => {
  const account = conn.signedIn();
  if (account) state.account = account;
  setLobby(conn.lobbyTables());
  if (state.table) state.joins += 1;
  saveSession();
  render();
};
conn.onSessionLost = () => {
  forgetSession();
  showError(new Error(t('app.sessionExpired')));
  state.account = null;
  state.table = null;
  render();
};
// The table could not be joined again: closed while away, or (TABLE_MOVING) still passing
// to another node, which the page waits out.
conn.onTableLost = (tableId, error) => {
  const table = state.table;
  if (!table || table.id !== tableId) return;
  if (error.code === 'TABLE_MOVING') {
    joinTable(table.id, table.matchId, table.view ? table.lastSeq : '0', '', true).catch(() => {});
    return;
  }
  state.table = null;
  saveSession();
  render();
  showError(error.code === 'UNKNOWN_TABLE' ? new Error(t('app.tableClosedAway')) : error);
};
conn.onUnreachable = () => showError(new Error(t('app.unreachable')));

// --- screens --------------------------------------------------------------------------

async function signedIn(request, body, stay) {
  const reply = await ask(request, body);
  setPreference('stay', Boolean(stay));
  // Not staying signed in: no token of an earlier choice is left for other tabs.
  if (!stay) localStorage.removeItem('kafenio-token');
  state.account = reply.signed_in;
  results.reset();
  tournaments.reset();
  state.lobbyTab = 'tables';
  saveSession();
  const lobby = await ask('subscribe_lobby', {});
  setLobby(lobby.lobby.tables);
  render();
}

// Joins a table and sits in its first empty seat. The lobby's line may be a moment behind
// the table (its creator sat down since): the seat is chosen from the freshest info the
// page has (the table's own, pushed on joining), and a seat taken meanwhile is passed over.
async function joinAndSit(info) {
  await joinTable(info.table_id);
  for (let attempt = 0; ; attempt += 1) {
    const current = (state.table && state.table.id === info.table_id && state.table.info) || state.lobby.get(info.table_id) || info;
    const empty = current.seats.find((s) => s.kind === 'SEAT_EMPTY');
    if (!empty) return;
    try {
      await conn.request('sit', { table_id: info.table_id, seat: empty.seat });
      return;
    } catch (error) {
      if (!(error instanceof ServerError && error.code === 'SEAT_TAKEN') || attempt >= 5) {
        showError(error);
        throw error;
      }
      await new Promise((wake) => { setTimeout(wake, 200); });
    }
  }
}

const lobbyActions = {
  watch: (info) => joinTable(info.table_id).catch(() => {}),
  sit: (info) => joinAndSit(info).catch(() => {}),
  joinWithInvite: (invite) => joinTable(invite.tableId, '0', '0', invite.text).catch(() => {}),
  showError,
  showTab: (tab) => {
    state.lobbyTab = tab;
    if (tab === 'leaderboards') results.loadLeaderboard();
    else if (tab === 'matches' || tab === 'profile') results.loadHistory();
    else if (tab === 'tournaments') tournaments.load();
    else render();
  },
  createTable: (request) => createTable(ask, request, (id, inviteCode) => {
    newTable(id, inviteCode ? `${id}-${inviteCode}` : '');
    saveSession();
    render();
  }),
};

function mySeat(info) {
  if (!info || !state.account) return -1;
  const seat = info.seats.find((s) => s.kind === 'SEAT_HUMAN' && s.account_id === state.account.account_id);
  return seat ? seat.seat : -1;
}

function seatName(seat) {
  const info = state.table && state.table.info;
  const entry = info && info.seats[seat];
  if (!entry || entry.kind === 'SEAT_EMPTY') return t('seat.number', { n: seat + 1 });
  const you = state.account && entry.account_id === state.account.account_id && entry.kind === 'SEAT_HUMAN';
  if (you) return `${entry.name} ${t('common.youMark')}`;
  return entry.kind === 'SEAT_BOT' ? botName(seat, entry.bot_level || 'strong') : entry.name;
}

function teamNames(info) {
  const count = info ? info.seat_count : 4;
  if (count === 2) return [seatName(0), seatName(1)];
  return [`${seatName(0)} & ${seatName(2)}`, `${seatName(1)} & ${seatName(3)}`];
}

// The rating mode a table's match counts in (docs/ratings.md).
function ratingMode(info) {
  if (info.game === 'pilotta') return 'pilotta';
  return info.seat_count === 4 ? 'diloti-2v2' : 'diloti-1v1';
}

// A seated player's rating in the table's mode, fetched once per player (their profile);
// a registered player not rated in it yet stands at the starting rating. Guests have none.
function seatRating(info, entry) {
  if (!entry || entry.kind !== 'SEAT_HUMAN' || !entry.account_id) return null;
  const id = String(entry.account_id);
  if (!state.ratings.has(id)) {
    state.ratings.set(id, null);
    conn.request('get_profile', { account_id: id })
      .then((reply) => { state.ratings.set(id, reply.profile || { guest: true }); renderSoon(); })
      .catch(() => { state.ratings.set(id, { guest: true }); }); // no profile to show
  }
  const profile = state.ratings.get(id);
  if (!profile || profile.guest) return null;
  const found = (profile.ratings || []).find((r) => r.mode === ratingMode(info));
  return Math.round(found ? Number(found.rating) : START_RATING);
}

// Under "Match over" at a rated table: what the match did to each player's rating.
function ratingChangesOf(table, info) {
  if (!table.ended || !info.rated) return null;
  const players = info.seats.filter((s) => s.kind === 'SEAT_HUMAN')
    .map((s) => ({ seat: s.seat, accountId: String(s.account_id), name: s.name }));
  return ratingChangesPanel(ratingChanges.rowsFor(table.matchId, players, ratingMode(info)));
}

function seatPanel(info) {
  const me = mySeat(info);
  const tableId = info.table_id;
  const canAddBot = !info.match_in_progress && info.seats.some((s) => s.kind === 'SEAT_EMPTY');
  const list = el('ul', { class: 'seat-list' }, info.seats.map((s) => el('li', {},
    el('span', {}, `${s.seat + 1}. ${s.kind === 'SEAT_EMPTY' ? t('seat.empty') : seatName(s.seat)}`,
      s.kind === 'SEAT_HUMAN' ? (s.ready ? ` ✓ ${t('seat.ready')}` : ` · ${t('seat.notReady')}`) : '',
      s.away ? ` · ${t('seat.away')}` : '', s.bot_holding ? ` · ${t('seat.botHolding')}` : '',
      s.kind === 'SEAT_HUMAN' && !s.connected ? ` · ${t('seat.offline')}` : ''),
    ' ',
    s.kind === 'SEAT_EMPTY' && !info.match_in_progress ? [
      me < 0 ? actionButton(t('seat.sitHere'), () => ask('sit', { table_id: tableId, seat: s.seat }).catch(() => {})) : null,
      actionButton(t('seat.addBot'), () => ask('add_bot', { table_id: tableId, seat: s.seat, level: chosenBotLevel() }).catch(() => {})),
    ] : null,
    s.seat === me && s.bot_holding ? actionButton(t('seat.reclaim'), () => ask('reclaim_seat', { table_id: tableId }).catch(() => {})) : null)));
  if (!canAddBot) return el('div', { class: 'panel' }, list);
  return el('div', { class: 'panel' }, list,
    el('label', { class: 'field bot-level' }, el('span', {}, t('create.botLevel')), botLevelSelect()));
}

function seriesOver(info) {
  return info.series_matches > 0 && info.matches_played >= info.series_matches;
}

// Series totals: matches won by each side, and which match of how many this is.
function seriesLine(info, names) {
  const number = info.matches_played + (info.match_in_progress ? 1 : 0);
  let where = '';
  if (number && info.series_matches > 0) where = t('series.matchOf', { n: number, of: info.series_matches });
  else if (number) where = t('series.match', { n: number });
  else if (info.series_matches > 0) where = t('series.ofMatches', { of: info.series_matches });
  return el('p', { class: 'series', 'aria-label': t('series.label') },
    `${t('series.title')}${where ? `, ${where}` : ''}: `,
    names.map((n, i) => `${n} ${(info.series_score || [])[i] ?? 0}`).join(' · '),
    seriesOver(info) ? ` (${t('series.over')})` : '');
}

function clockText() {
  const table = state.table;
  if (table && table.info && table.info.paused) return t('clock.paused');
  if (!table || !table.deadline) return '';
  const left = Math.max(0, Math.ceil((table.deadline - Date.now()) / 1000));
  return t('clock.seconds', { n: left });
}

function play(move) {
  if (state.moving) return;
  state.moving = true;
  ask('play_move', { table_id: state.table.id, move: { notation: move.notation } })
    .catch(() => {})
    .finally(() => { state.moving = false; render(); });
}

// The report control of a seat's player (none for bots, empty seats and oneself).
function seatReport(info, seat) {
  const entry = info.seats[seat];
  if (!entry || entry.kind !== 'SEAT_HUMAN') return null;
  return reportButton({ accountId: entry.account_id, tableId: info.table_id, name: entry.name, me: state.account, ask });
}

function chatPanel(tableId) {
  const input = el('input', { name: 'chat', maxlength: 280, 'aria-label': t('chat.message'), placeholder: t('chat.placeholder') });
  return el('section', { class: 'panel chat' }, el('h3', {}, t('chat.title')),
    el('ul', { class: 'chat-log' }, state.chat.slice(-30).map((c) => el('li', {}, el('strong', {}, c.name), ': ', c.text,
      c.line_id ? reportButton({ accountId: c.account_id, lineId: c.line_id, tableId, name: c.name, me: state.account, ask }) : null))),
    el('form', { onsubmit: (e) => {
      e.preventDefault();
      if (!input.value.trim()) return;
      ask('send_chat', { table_id: tableId, text: input.value }).then(() => { input.value = ''; }).catch(() => {});
    } }, input, el('button', { type: 'submit' }, t('chat.send'))));
}

// The end of a hand: its breakdown per side (for Pilotta the card points, declarations,
// belote, whether the contract was made, and the rounding of points to the score), shown
// over the table until the player closes it.
// It comes in after the pause that lets the hand's last trick or capture be seen (the
// table under it is the ended hand's, memory.ending); the next deal is drawn once the
// player has pressed Continue. If the next hand already waits on this player, it says so.
function handSummary(game, names, view) {
  const result = memory.summary;
  if (!result) return null;
  const close = () => { memory.summary = null; memory.ending = null; render(); };
  const yourTurnNext = view && view.hand_number !== result.number && view.viewer >= 0 && view.to_act === view.viewer
    && !state.table.ended;
  const rounding = game === 'pilotta' && (result.points || []).length
    ? el('p', { class: 'rounding' }, t('summary.rounding', {
      points: result.points.join(' – '), score: (result.score || []).join(' – ') })) : null;
  const pause = game === 'pilotta' ? SUMMARY_PAUSE_MS.pilotta : SUMMARY_PAUSE_MS.diloti;
  return animate(el('section', { class: 'hand-summary panel', role: 'dialog', 'aria-labelledby': 'summary-title' },
    el('h3', { id: 'summary-title' }, t('summary.title', { n: result.number })),
    game === 'pilotta' && !result.annulled ? el('p', { class: `summary-verdict ${result.made ? 'made' : 'failed'}` },
      t(result.made ? 'summary.made' : 'summary.failed', { contract: result.contract, name: names[result.declarers] || '' })) : null,
    resultTable(result, game, names), rounding,
    yourTurnNext ? el('p', { class: 'summary-next' }, t('summary.yourTurnNext')) : null,
    actionButton(t('summary.continue'), close, { class: 'primary summary-close' })),
  `summary-${state.table.matchId}-${result.number}`, 'summary-in', { delayMs: pause, durationMs: 250 });
}

// How long the ended hand's table shows before its summary comes over it: a won trick's
// pause and flight to its winner (pilotta.js), a Diloti capture's sweep (diloti.js).
const SUMMARY_PAUSE_MS = { pilotta: 1400, diloti: 1000 };

function tableScreen() {
  const table = state.table;
  const info = table.info;
  if (!info) return el('p', { class: 'muted' }, t('app.joining'));
  const me = mySeat(info);
  const meReady = me >= 0 && info.seats[me].ready;
  const view = table.view;
  const names = teamNames(info);
  const ctx = {
    seatName, play,
    count: info.seat_count,
    base: me >= 0 ? me : 0,
    matchId: table.matchId,
    teamNames: names,
    tricks: memory.tricks,
    captures: memory.captures,
    lastMoves: memory.lastMoves,
    sweep: memory.sweep,
    seatBadge: (seat, extra) => seatBadge({
      seat, info, view, me, rating: seatRating(info, info.seats[seat]), clock: clockText(),
      extra: [...(extra || []), seatReport(info, seat)].filter(Boolean),
    }),
    isOpen: (key) => state.open.has(key),
    setOpen: (key, open) => { if (open) state.open.add(key); else state.open.delete(key); },
    selectedCard: state.selectedCard,
    picked: state.picked,
    select: (card) => { state.selectedCard = card; state.picked = []; render(); },
    toggle: (item) => {
      if (!state.selectedCard) return; // the preview asks for a hand card first
      state.picked = state.picked.includes(item) ? state.picked.filter((i) => i !== item) : [...state.picked, item];
      render();
    },
    build: (move) => { state.selectedCard = move.card; state.picked = tableItemsOf(move); render(); },
    // A Diloti move family from the list: its card, and the parts every move of it takes.
    buildFamily: (family) => {
      state.selectedCard = family.card;
      state.picked = (family.required || []).flatMap((i) => family.parts[i].split('+'));
      render();
    },
    allMovesOpen: state.allMovesOpen,
    showAllMoves: (open) => { state.allMovesOpen = open; }, // kept across redraws
  };
  // Until the player has read the hand's summary, the table stays as that hand ended.
  const ending = memory.summary && memory.ending;
  if (ending) Object.assign(ctx, { tricks: ending.tricks, captures: ending.captures, lastMoves: ending.lastMoves, sweep: ending.sweep });
  const shown = ending ? ending.view : view;
  let game = null;
  if (shown && table.game === 'pilotta') game = renderPilotta(shown, ctx);
  if (shown && table.game === 'diloti') game = renderDiloti(shown, ctx);
  const totals = view ? view.totals : [0, 0];
  const live = view && !table.ended && view.phase !== 'match_over' && view.to_act >= 0;
  const turn = live ? (view.to_act === view.viewer ? t('turn.yours') : t('turn.waitingFor', { name: seatName(view.to_act) })) : '';
  return el('div', { class: 'table-screen' },
    el('header', { class: 'table-head panel' },
      el('h2', {}, `${gameName(info.game)} · ${rulesInWords(info.game, info.rules)}`,
        info.rated ? el('span', { class: 'rated-badge' }, ` · ${t('common.rated')}`) : null),
      el('p', { class: 'totals', 'aria-label': t('table.totals') },
        names.map((n, i) => el('span', { class: `team-total team-${i}` }, `${n}: `, el('strong', {}, totals[i] ?? 0)))),
      info.series_matches > 0 || info.matches_played > 0 ? seriesLine(info, names) : null,
      me < 0 || info.spectators ? el('p', { class: 'watching' },
        me < 0 ? `${t('table.youWatch')} ` : '',
        info.spectators ? t('common.watchingCount', { n: info.spectators }) : '') : null,
      info.private && table.invite ? invitePanel(table.invite, showError) : null,
      el('p', { class: 'turn', 'aria-live': 'polite' }, turn),
      el('div', { class: 'table-actions' },
        me >= 0 && !info.match_in_progress ? actionButton(meReady ? t('table.notReady') : table.ended && !seriesOver(info) ? t('table.rematch') : t('table.ready'), () =>
          ask('set_ready', { table_id: info.table_id, ready: !meReady }).catch(() => {}), { class: 'primary ready' }) : null,
        me >= 0 && !info.match_in_progress ? actionButton(t('table.stand'), () => ask('stand', { table_id: info.table_id }).catch(() => {})) : null,
        actionButton(t('table.leave'), () => {
          // Back to the lobby first, so the table's closing is not news to this player.
          state.table = null;
          saveSession();
          render();
          ask('leave_table', { table_id: info.table_id }).catch(() => {});
        }))),
    table.ended ? el('p', { class: 'panel match-over', role: 'status' },
      t('table.matchOver', { winner: names[table.ended.winner] || t('table.nobody'), totals: table.ended.totals.join(' – ') }),
      me >= 0 && !seriesOver(info) ? ` ${t('table.playAgain')}` : '',
      seriesOver(info) ? ` ${t('table.seriesOver')}` : '') : null,
    ratingChangesOf(table, info),
    !info.match_in_progress && !table.ended ? seatPanel(info) : null,
    game ? el('section', { class: 'board' }, handSummary(table.game, names, view), game) : null,
    el('div', { class: 'table-foot' }, scores.render(table.game || info.game, names), chatPanel(info.table_id)));
}

// The header's switches: language, the four-colour deck, sound, the turn notification,
// and signing out.
function settings() {
  const toggle = (name, label, onChange) => el('label', { class: 'switch' },
    el('input', { type: 'checkbox', name, checked: preferences[name], onchange: (e) => {
      setPreference(name, e.target.checked);
      if (onChange) onChange(e.target.checked);
      render();
    } }), ` ${label}`);
  return [
    actionButton(t('settings.otherLanguage'), () => setLanguage(language() === 'el' ? 'en' : 'el'),
      { class: 'language', lang: language() === 'el' ? 'en' : 'el', 'aria-label': t('settings.languageLabel') }),
    el('details', { class: 'settings-menu' }, el('summary', {}, t('settings.title')),
      el('div', { class: 'settings-body' },
        toggle('fourColour', t('settings.fourColour')),
        toggle('muted', t('settings.mute')),
        toggle('notify', t('settings.notify'), (on) => { if (on) turnAlert.askPermission(); }))),
    state.account ? actionButton(t('settings.signOut'), signOut, { class: 'sign-out' }) : null,
  ];
}

// Signing out ends the session on the server (its token no longer resumes, on any device
// that held it), forgets it in this browser, and starts a fresh connection, which the
// server knows as no one. Offline, the browser forgets it all the same.
async function signOut() {
  if (state.table) await ask('leave_table', { table_id: state.table.id }).catch(() => {});
  await conn.request('sign_out', {}).catch(() => {});
  forgetSession();
  state.account = null;
  state.table = null;
  state.chat = [];
  results.reset();
  render();
  conn.drop();
}

// Tables the player sits at with a match in play: "your tables", to go back to.
function yourTables() {
  if (!state.account) return null;
  const mine = [...state.lobby.values()].filter((info) => info.match_in_progress
    && info.seats.some((s) => s.kind === 'SEAT_HUMAN' && s.account_id === state.account.account_id));
  if (!mine.length) return null;
  return el('section', { class: 'panel your-tables' }, el('h2', {}, t('lobby.yourTables')),
    el('ul', { class: 'table-list' }, mine.map((info) => el('li', { class: 'lobby-table', 'data-table': info.table_id },
      el('span', {}, `${gameName(info.game)} · ${rulesInWords(info.game, info.rules)}`), ' ',
      actionButton(t('lobby.goBack'), () => joinTable(info.table_id).catch(() => {}), { class: 'primary go-back' })))));
}

// Only the lobby shows other tables. At a table or in a replay their updates are kept for
// later but not drawn: a busy lobby pushes often, and each redraw under a click in progress
// (between press and release) loses that click.
function lobbyOnScreen() {
  return Boolean(state.account) && !state.table && !state.replay;
}

// Pushed events come in bursts (a bot's move right after another's): they are drawn once
// per frame, and never under a press (press_guard.js). What the player does is drawn at
// once (render), so the page answers at once.
const presses = new PressGuard(document);
let renderQueued = false;
function renderSoon() {
  if (renderQueued) return;
  renderQueued = true;
  requestAnimationFrame(() => presses.whenFree(() => { if (renderQueued) render(); }));
}

function render() {
  renderQueued = false;
  whoBadge.textContent = state.account ? state.account.name : '';
  settingsBar.replaceChildren(...settings().filter(Boolean));
  const menu = settingsBar.querySelector('.settings-menu');
  menu.open = state.open.has('settings');
  menu.addEventListener('toggle', () => { if (menu.open) state.open.add('settings'); else state.open.delete('settings'); });
  let screen;
  if (!state.account) screen = signInScreen(signedIn, preferences.stay);
  else if (state.table) screen = tableScreen();
  else if (state.replay) screen = replayScreen(state.replay, (next) => { state.replay = next; render(); },
    () => { state.replay = null; render(); });
  else screen = lobbyScreen([...state.lobby.values()], lobbyActions, lobbyParts());
  // Pushed events redraw the screen: keep what the player is typing, and keep keyboard
  // focus on the same button (or the first move offered) so the keyboard stays usable.
  const active = document.activeElement;
  const focused = active && active.name;
  // Only typed text is carried over: a select's choice is kept by the form itself
  // (create_table.js `choices`), and writing a value into the redrawn select fires no change
  // event, so a pick that landed just before the redraw would show without its effect.
  const typed = focused && active.tagName !== 'SELECT' ? active.value : null;
  const buttonKey = active && active.tagName === 'BUTTON' && main.contains(active) ? focusKey(active) : null;
  main.replaceChildren(screen);
  if (focused) {
    const again = main.querySelector(`[name="${focused}"]`);
    if (again && typed !== null && 'value' in again) again.value = typed;
    if (again) again.focus();
  } else if (buttonKey) {
    const buttons = [...main.querySelectorAll('button')];
    const again = buttons.find((b) => focusKey(b) === buttonKey)
      || main.querySelector('button.play-move, .hand button.card.legal, button.move, .hand button.card');
    if (again) again.focus();
    // Nothing left to press (the other players' turn): the keyboard comes back to the
    // hand when the turn does.
    else keyboardWaits = true;
  } else if (keyboardWaits && (!active || active === document.body)) {
    const next = main.querySelector('.hand button.card.legal, button.move-pass, .side-panel button.move');
    if (next) {
      next.focus();
      keyboardWaits = false;
    }
  }
  if (active && active !== document.body && main.contains(document.activeElement)) keyboardWaits = false;
  // A hand's summary just shown: the keyboard lands on its Continue button.
  const summaryClose = main.querySelector('.summary-close');
  if (summaryClose && (document.activeElement === document.body || !document.activeElement)) summaryClose.focus();
}

// The lobby's header and open tab; what they show is fetched again when a match has
// ended since it was last shown.
function lobbyParts() {
  const account = state.account;
  if (conn.online) results.refreshStale(state.lobbyTab, !account.guest);
  const tab = state.lobbyTab;
  let panel = null;
  if (tab === 'leaderboards') panel = leaderboardPanel(results.board, account.account_id, (mode) => results.loadLeaderboard(mode));
  const replay = (match) => openReplay(match).then((opened) => { state.replay = opened; render(); }).catch(showError);
  if (tab === 'matches') panel = historyPanel(results.history, () => results.loadHistory(true), replay);
  if (tab === 'profile') panel = profilePanel(account, results.profile, results.history, () => results.loadHistory(true), replay);
  if (tab === 'tournaments') panel = tournaments.panel(account);
  return { tab, registered: !account.guest, ratings: ratingsSummary(account, results.profile), panel, yourTables: yourTables() };
}

function focusKey(button) {
  return button.dataset.notation || button.dataset.card || button.dataset.item || button.textContent;
}

// Escape clears a half-built Diloti move; arrows move along a row of cards.
document.addEventListener('keydown', moveAlongRow);
document.addEventListener('keydown', (e) => {
  if (e.key === 'Escape' && (state.selectedCard || state.picked.length)) {
    state.selectedCard = null;
    state.picked = [];
    render();
  }
});

// A new language redraws everything in it.
onLanguageChange(() => {
  document.title = t('app.title');
  conn.onStatus(connectionBadge.dataset.status || 'connecting');
  render();
});
document.title = t('app.title');
applyPreferences();

setInterval(() => {
  const clock = document.getElementById('clock');
  if (clock) clock.textContent = clockText();
}, 500);

render();
// Once connected, a saved session resumes, and resume() redraws what it restores. Without
// one there is nothing to redraw: a redraw of the sign-in screen would drop what the
// player typed meanwhile into any field but the focused one (on a slow connection, the
// name typed before it came up).
conn.open()
  .then(() => resume())
  .catch(showError);
