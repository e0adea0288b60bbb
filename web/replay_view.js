// The replay viewer: a finished match's record stepped through move by move, every
// hand shown face up around the same felt as the live table. Opened from "My matches";
// the record comes from GET /matches/{id}/record, the positions from replay.js.

import { cardFace } from './cards.js';
import { actionButton, el } from './dom.js';
import { sortHand } from './hand_order.js';
import { t } from './i18n.js';
import { moveLabel } from './moves.js';
import { handPositions, parseRecord } from './replay.js';
import { seatPosition, tableFrame } from './table_frame.js';
import { gameName, historyBotName, isBotSeat } from './words.js';

// Loads a match's record: { match, record, hand, step, positions } or throws.
export async function openReplay(match) {
  const response = await fetch(`/matches/${match.match_id}/record`);
  if (!response.ok) throw new Error(t('replay.notFound'));
  const record = parseRecord(await response.text());
  return { match, record, hand: 0, step: 0, positions: handPositions(record, 0) };
}

// Moves to hand `hand`, step `step` (clamped), recomputing the hand's positions if needed.
export function goTo(replay, hand, step) {
  const h = Math.max(0, Math.min(hand, replay.record.hands.length - 1));
  const positions = h === replay.hand ? replay.positions : handPositions(replay.record, h);
  return { ...replay, hand: h, positions, step: Math.max(0, Math.min(step, positions.length - 1)) };
}

function seatName(match, seat) {
  const entry = (match.seats || []).find((s) => (s.seat || 0) === seat);
  if (!entry) return t('seat.number', { n: seat + 1 });
  return isBotSeat(entry) ? historyBotName(seat, entry) : entry.name;
}

// `onChange(next)` shows another step; `onClose()` goes back to the lobby.
export function replayScreen(replay, onChange, onClose) {
  const { record, match } = replay;
  const position = replay.positions[replay.step];
  const count = record.players;
  const base = match.own_seat >= 0 ? match.own_seat || 0 : 0;
  const moves = record.hands[replay.hand].moves;
  const badge = (seat) => el('section', { class: 'seat-badge replay-seat', 'aria-label': t('seat.label', { n: seat + 1, name: seatName(match, seat) }) },
    el('p', { class: 'seat-line' }, el('strong', { class: 'seat-name' }, seatName(match, seat)),
      record.hands[replay.hand].dealer === seat ? el('span', { class: 'dealer-chip', title: t('seat.dealer') }, t('seat.dealerMark')) : null),
    el('div', { class: 'replay-hand', role: 'group', 'aria-label': t('replay.handOf', { name: seatName(match, seat) }) },
      sortHand(position.hands[seat] || [], record.game).map(cardFace)));
  const centre = record.game === 'pilotta'
    ? [position.turned ? el('div', { class: 'turned' }, el('span', {}, t('pilotta.turned')), cardFace(position.turned)) : null,
      el('section', { class: 'trick', 'aria-label': t('pilotta.currentTrick') }, position.trick.map(({ seat, card }) =>
        el('div', { class: `trick-spot at-${seatPosition(seat, base, count)}`, 'data-seat': seat }, cardFace(card))))]
    : [el('div', { class: 'loose' }, position.loose.map(cardFace)),
      position.declarations.map((d) => el('div', { class: 'declaration' },
        t(d.group ? 'diloti.group' : 'diloti.declared', { value: d.value, name: seatName(match, d.owner) }), ': ', d.cards.map(cardFace)))];
  const step = (hand, at) => onChange(goTo(replay, hand, at));
  const last = replay.positions.length - 1;
  const controls = el('div', { class: 'replay-controls', role: 'group', 'aria-label': t('replay.controls') },
    actionButton('«', () => step(replay.hand, 0), { 'aria-label': t('replay.start'), class: 'replay-start' }),
    actionButton('◀', () => step(replay.hand, replay.step - 1), { 'aria-label': t('replay.back'), class: 'replay-back', disabled: replay.step === 0 }),
    el('span', { class: 'replay-step', role: 'status' }, t('replay.stepOf', { n: replay.step, of: last })),
    actionButton('▶', () => step(replay.hand, replay.step + 1), { 'aria-label': t('replay.forward'), class: 'replay-forward', disabled: replay.step === last }),
    actionButton('»', () => step(replay.hand, last), { 'aria-label': t('replay.end'), class: 'replay-end' }),
    actionButton(t('replay.prevHand'), () => step(replay.hand - 1, 0), { class: 'replay-prev-hand', disabled: replay.hand === 0 }),
    actionButton(t('replay.nextHand'), () => step(replay.hand + 1, 0), { class: 'replay-next-hand', disabled: replay.hand === record.hands.length - 1 }));
  const list = el('ol', { class: 'replay-moves' }, moves.map((move, i) => el('li', { 'aria-current': i + 1 === replay.step ? 'step' : null },
    actionButton(`${seatName(match, move.seat)}: ${moveLabel({ notation: [move.kind, ...move.args].join(' ') })}`, () => step(replay.hand, i + 1), { class: 'replay-move' }))));
  return el('div', { class: 'replay-screen', tabindex: '-1', onkeydown: (e) => {
    if (e.key === 'ArrowRight') step(replay.hand, replay.step + 1);
    if (e.key === 'ArrowLeft') step(replay.hand, replay.step - 1);
  } },
  el('header', { class: 'panel table-head' },
    el('h2', {}, t('replay.title', { game: gameName(record.game), id: match.match_id })),
    el('p', {}, t('common.handN', { n: replay.hand + 1 }), ` · ${t('replay.hands', { n: record.hands.length })}`),
    controls, actionButton(t('replay.close'), onClose, { class: 'replay-close' })),
  el('section', { class: 'board' }, tableFrame({ game: record.game, count, base, label: t('common.table'), badge, centre, hand: null,
    panel: el('aside', { class: 'side-panel' }, list) })));
}
