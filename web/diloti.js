// The Diloti table: loose cards, declarations, the stock, the hand, and the server's
// legal moves as buttons with their notation. Pressing a hand card narrows the list to
// the moves that play it; pressing it again shows them all.

import { cardBack, cardButton, cardFace } from './cards.js';
import { actionButton, el } from './dom.js';
import { moveLabel } from './moves.js';

export function renderDiloti(view, ctx) {
  const myTurn = view.viewer >= 0 && view.to_act === view.viewer;
  const legal = myTurn ? view.legal_moves || [] : [];
  const selected = legal.some((m) => m.card === ctx.selectedCard) ? ctx.selectedCard : null;
  const shown = selected ? legal.filter((m) => m.card === selected) : legal;
  const seatName = ctx.seatName;

  return el('div', { class: 'game diloti' },
    el('div', { class: 'status-line' },
      el('span', {}, `Round ${view.hand_number} · stock ${view.stock_size}`),
      el('span', {}, `Captured: ${(view.captured_cards || []).join(' – ')} · xeri: ${(view.xeri || []).join(' – ')}`)),
    el('ul', { class: 'seats' }, view.hand_sizes.map((size, seat) =>
      el('li', { class: seat === view.to_act ? 'seat to-act' : 'seat' },
        el('span', { class: 'seat-name' }, seatName(seat)), ' ',
        el('span', { class: 'hand-size', 'aria-label': `${size} cards` }, Array.from({ length: size }, cardBack))))),
    el('section', { class: 'table-cards', 'aria-label': 'table' },
      el('h3', {}, 'Table'),
      el('div', { class: 'loose' }, (view.loose || []).length ? view.loose.map(cardFace) : el('span', { class: 'muted' }, 'no loose cards')),
      (view.declarations || []).map((d) => el('div', { class: 'declaration' },
        `${d.group ? 'Group' : 'Declared'} ${d.value} by ${seatName(d.owner)}: `, d.cards.map(cardFace)))),
    myTurn ? el('section', { class: 'moves', 'aria-label': 'your moves' },
      el('h3', {}, selected ? `Moves with this card (${shown.length})` : `Your moves (${shown.length})`),
      el('div', { class: 'actions' }, shown.map((move) =>
        actionButton(moveLabel(move), () => ctx.play(move), { class: `move move-${move.kind}`, 'data-notation': move.notation })))) : null,
    el('div', { class: 'hand', 'aria-label': 'your hand' }, (view.hand || []).map((card) => {
      if (!myTurn) return cardFace(card);
      const button = cardButton(card, () => ctx.select(card === selected ? null : card));
      button.setAttribute('aria-pressed', card === selected ? 'true' : 'false');
      if (legal.some((m) => m.card === card)) button.classList.add('legal');
      return button;
    })));
}
