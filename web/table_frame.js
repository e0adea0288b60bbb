// The card table both games are drawn on: the felt with a place for each seat around
// it (you at the bottom, your partner opposite, the opponents left and right; two
// players face each other) and the middle (the trick, or Diloti's loose cards); under
// it the player's hand beside the panel of what to do (bids, the move builder).

import { el } from './dom.js';

// Where `seat` sits, seen from `base` (the viewer's seat, or seat 0 for a spectator).
// Turn order runs anticlockwise, as these games are played: the next player sits on
// the right.
export function seatPosition(seat, base, count) {
  const relative = (seat - base + count) % count;
  if (count === 2) return relative === 0 ? 'bottom' : 'top';
  return ['bottom', 'right', 'top', 'left'][relative];
}

// `badge(seat)`: the seat's element; `centre`: the middle's; `hand`, `panel`: below.
export function tableFrame({ game, count, base, badge, centre, hand, panel, label }) {
  const seats = Array.from({ length: count }, (_, seat) => seat);
  return el('div', { class: `game ${game}` },
    el('div', { class: `felt felt-${count}`, role: 'region', 'aria-label': label },
      seats.map((seat) => el('div', { class: `seat-area at-${seatPosition(seat, base, count)}`, 'data-seat': seat }, badge(seat))),
      el('div', { class: 'centre' }, centre)),
    el('div', { class: 'hand-row' }, hand, panel));
}
