// The Pilotta table: auction buttons, the hand (legal cards pressable), the current and
// last trick, the contract, declarations and belote options. Every move offered is one
// of the server's `legal_moves`, sent back as is.

import { cardBack, cardButton, cardFace } from './cards.js';
import { actionButton, el } from './dom.js';
import { moveLabel } from './moves.js';

const TRUMP_NAMES = { c: '♣', d: '♦', h: '♥', s: '♠', nt: 'no trumps', at: 'all trumps' };

function contractText(contract, seatName) {
  if (!contract || contract.bidder < 0) return 'No contract yet';
  const value = contract.value === 250 ? 'capot' : contract.value || '';
  const multiplier = contract.multiplier > 1 ? ` ×${contract.multiplier}` : '';
  const trump = contract.known === false && !contract.trump ? '?' : TRUMP_NAMES[contract.trump] || contract.trump;
  return `Contract: ${value} ${trump}${multiplier} by ${seatName(contract.bidder)}`;
}

function trickCards(trick, seatName) {
  return el('div', { class: 'trick-cards' },
    trick.map(({ seat, card }) => el('figure', { class: 'played' }, cardFace(card),
      el('figcaption', {}, seatName(seat)))));
}

function moveButton(move, label, ctx, attributes = {}) {
  return actionButton(label, () => ctx.play(move),
    { class: `move move-${move.kind}`, 'data-notation': move.notation, ...attributes });
}

// Bids as one row per value with a button per suit: a full auction offers dozens of bids,
// which as a flat list would fill a phone's screen.
function bidGrid(bids, ctx) {
  if (bids.length === 0) return null;
  const rows = new Map();
  for (const bid of bids) {
    if (!rows.has(bid.value)) rows.set(bid.value, []);
    rows.get(bid.value).push(bid);
  }
  return el('div', { class: 'bid-grid', role: 'group', 'aria-label': 'bids' },
    [...rows].map(([value, row]) => el('div', { class: 'bid-row' },
      el('span', { class: 'bid-value' }, value === 250 ? 'capot' : value),
      row.map((bid) => moveButton(bid, TRUMP_NAMES[bid.suit] || bid.suit, ctx,
        { 'aria-label': moveLabel(bid), class: `move move-bid suit-${bid.suit}` })))));
}

export function renderPilotta(view, ctx) {
  const myTurn = view.viewer >= 0 && view.to_act === view.viewer;
  const legal = myTurn ? view.legal_moves || [] : [];
  const plays = new Map();
  for (const move of legal.filter((m) => m.kind === 'play')) {
    if (!plays.has(move.card)) plays.set(move.card, []);
    plays.get(move.card).push(move);
  }
  // A card with one legal play is played by pressing it; the rest (auction calls,
  // declarations, a play with or without belote) are buttons of their own.
  const options = legal.filter((m) => m.kind !== 'play' || plays.get(m.card).length > 1);

  const others = view.hand_sizes.map((size, seat) => el('li', { class: seat === view.to_act ? 'seat to-act' : 'seat' },
    el('span', { class: 'seat-name' }, seatName(seat)), ' ',
    el('span', { class: 'hand-size', 'aria-label': `${size} cards` }, Array.from({ length: Math.min(size, 8) }, cardBack))));
  function seatName(seat) { return ctx.seatName(seat); }

  const calls = (view.calls || []).map((call) => `${seatName(call.seat)}: ${moveLabel(call)}`);
  return el('div', { class: 'game pilotta' },
    el('div', { class: 'status-line' },
      el('span', {}, `Hand ${view.hand_number} · ${view.phase.replace('_', ' ')}`),
      el('span', {}, contractText(view.contract, seatName)),
      view.turned ? el('span', {}, 'Turned: ', cardFace(view.turned)) : null),
    el('ul', { class: 'seats' }, others),
    calls.length && view.phase !== 'play' ? el('p', { class: 'calls' }, 'Calls: ', calls.join(' · ')) : null,
    view.phase === 'play' || (view.trick || []).length ? el('section', { class: 'trick', 'aria-label': 'current trick' },
      el('h3', {}, `Trick ${view.trick_number || ''}`), trickCards(view.trick || [], seatName)) : null,
    (view.last_trick || []).length ? el('details', { class: 'last-trick' },
      el('summary', {}, `Last trick (won by ${seatName(view.last_trick_winner)})`),
      trickCards(view.last_trick, seatName)) : null,
    (view.declarations || []).length ? el('p', { class: 'declarations' }, 'Declarations: ',
      view.declarations.map((d) => `${seatName(d.seat)} ${d.points} (${d.cards.join(' ')})`).join(' · ')) : null,
    el('p', { class: 'tricks-won' }, `Tricks won: ${view.tricks_won.join(' – ')} · card points: ${view.card_points.join(' – ')}`),
    options.length ? el('div', { class: 'actions', role: 'group', 'aria-label': 'your options' },
      options.filter((m) => m.kind !== 'bid').map((move) => moveButton(move, moveLabel(move), ctx))) : null,
    bidGrid(options.filter((m) => m.kind === 'bid'), ctx),
    el('div', { class: 'hand', 'aria-label': 'your hand' },
      (view.hand || []).map((card) => {
        const moves = plays.get(card);
        if (moves && moves.length === 1) {
          const button = cardButton(card, () => ctx.play(moves[0]));
          button.classList.add('legal');
          button.dataset.notation = moves[0].notation;
          return button;
        }
        return cardFace(card);
      })));
}
