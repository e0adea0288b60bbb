// A seat at the table: the player's name, rating and connection (offline, away, a bot
// holding the seat), the cards in hand, the dealer's mark, whose turn it is with the
// clock, and what the game adds (a Pilotta bid, a Diloti move).

import { cardBack } from './cards.js';
import { el } from './dom.js';
import { t } from './i18n.js';
import { botName } from './words.js';

// `seat` of `info` (TableInfo); `view` the game view or null; `me` the viewer's seat;
// `rating` a number or null; `clock` the clock's text for the seat to act; `extra` nodes.
export function seatBadge({ seat, info, view, me, rating, clock, extra }) {
  const entry = info.seats[seat] || { kind: 'SEAT_EMPTY' };
  const toAct = view && view.phase !== 'match_over' && view.to_act === seat;
  const held = view && view.hand_sizes ? view.hand_sizes[seat] || 0 : 0;
  const status = [];
  if (entry.kind === 'SEAT_HUMAN' && !entry.connected) status.push(['offline', t('seat.offline')]);
  if (entry.away) status.push(['away', t('seat.away')]);
  if (entry.bot_holding) status.push(['holding', t('seat.botHolding')]);
  let name = t('seat.empty');
  if (entry.kind === 'SEAT_BOT') name = botName(seat, entry.bot_level || 'strong');
  if (entry.kind === 'SEAT_HUMAN') name = entry.name;
  const team = info.seat_count === 4 ? seat % 2 : seat;
  return el('section', {
    class: `seat-badge team-${team}${toAct ? ' to-act' : ''}${seat === me ? ' me' : ''}${status.length ? ' troubled' : ''}`,
    'aria-label': t('seat.label', { n: seat + 1, name }), 'aria-current': toAct ? 'step' : null,
  },
  el('p', { class: 'seat-line' },
    el('strong', { class: 'seat-name' }, name), seat === me ? ` ${t('common.youMark')}` : '',
    view && view.dealer === seat ? el('span', { class: 'dealer-chip', title: t('seat.dealer') }, t('seat.dealerMark')) : null),
  el('p', { class: 'seat-meta' },
    rating !== null && rating !== undefined ? el('span', { class: 'seat-rating', title: t('seat.rating') }, `★ ${rating}`) : null,
    status.map(([kind, text]) => el('span', { class: `seat-status status-${kind}` }, text)),
    view && seat !== me ? el('span', { class: 'held', role: 'img', 'aria-label': t('seat.cardsHeld', { n: held }) },
      el('span', { class: 'mini-backs', 'aria-hidden': 'true' }, Array.from({ length: Math.min(held, 8) }, cardBack)), ` ${held}`) : null),
  toAct ? el('p', { class: 'seat-turn' }, '▶ ', seat === me ? t('turn.yours') : t('turn.thinking'), ' ',
    el('span', { id: 'clock', class: 'clock' }, clock)) : null,
  extra && extra.length ? el('div', { class: 'seat-extra' }, extra) : null);
}
