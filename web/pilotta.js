// The Pilotta table: the seats around the felt with each one's bid, the contract (and
// contra) always in view, the trick in the middle with each card in front of the player
// who played it, the trick going to its winner, and the hand sorted with trumps first.
// Beside the hand a compact panel: the auction's bids, declarations, belote as a clear
// choice, the last trick and every trick of the hand to look back at. Every move
// offered is one of the server's `legal_moves`, sent back as is.

import { cardButton, cardFace, cardLabel } from './cards.js';
import { actionButton, el } from './dom.js';
import { sortHand } from './hand_order.js';
import { t } from './i18n.js';
import { animate, firstDrawnAt } from './motion.js';
import { moveLabel } from './moves.js';
import { seatPosition, tableFrame } from './table_frame.js';
import { trumpName } from './words.js';

export function contractText(contract, seatName) {
  if (!contract || contract.bidder < 0) return t('pilotta.noContract');
  const value = contract.value === 250 ? t('pilotta.capot') : contract.value || '';
  const trump = contract.known === false && !contract.trump ? '?' : trumpName(contract.trump);
  const doubled = { 2: ` · ${t('pilotta.contra')}`, 4: ` · ${t('pilotta.recontra')}` }[contract.multiplier]
    || (contract.multiplier > 1 ? ` ×${contract.multiplier}` : '');
  return t('pilotta.contract', { value, trump, by: seatName(contract.bidder) }) + doubled;
}

// The trump for sorting the hand, once it is known.
function knownTrump(view) {
  const contract = view.contract;
  if (!contract || contract.bidder < 0 || contract.known === false) return '';
  return contract.trump || '';
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
  return el('div', { class: 'bid-grid', role: 'group', 'aria-label': t('pilotta.bids') },
    [...rows].map(([value, row]) => el('div', { class: 'bid-row' },
      el('span', { class: 'bid-value' }, value === 250 ? t('pilotta.capot') : value),
      row.map((bid) => moveButton(bid, trumpName(bid.suit), ctx,
        { 'aria-label': moveLabel(bid), class: `move move-bid suit-${bid.suit}` })))));
}

// How long a won trick stays in the middle, and how long it takes to reach its winner.
const TRICK_PAUSE_MS = 900;
const COLLECT_MS = 450;

// A trick's cards, each in front of the seat that played it. `notBefore`: when the last
// trick has left the middle (cards played earlier wait until then to come in).
function trickSpots(cards, ctx, keyOf, motion, notBefore = null) {
  return cards.map(({ seat, card }) => {
    const position = seatPosition(seat, ctx.base, ctx.count);
    const face = cardFace(card);
    const spot = el('div', { class: `trick-spot at-${position}`, 'data-seat': seat }, face);
    if (motion) {
      const wait = notBefore === null ? 0 : Math.max(0, notBefore - firstDrawnAt(keyOf(card)));
      animate(spot, keyOf(card), `fly-from-${position}`, { delayMs: wait, durationMs: 350 });
    }
    return spot;
  });
}

// Each trick as its cards in play order, the leader's first, and who won it.
function trickList(tricks, seatName) {
  return el('ol', { class: 'trick-list' }, tricks.map((trick) => el('li', { 'data-trick': trick.number },
    el('span', { class: 'trick-number' }, t('pilotta.trickN', { n: trick.number })), ' ',
    trick.cards.map(({ seat, card }) => el('span', { class: 'trick-card', title: seatName(seat) }, cardFace(card))),
    ' ', el('span', { class: 'muted' }, t('pilotta.wonBy', { name: seatName(trick.winner) })))));
}

function details(key, summary, body, ctx) {
  return el('details', { class: key, open: ctx.isOpen(key), ontoggle: (e) => ctx.setOpen(key, e.target.open) },
    el('summary', {}, summary), body);
}

function declarationText(d) {
  return `${d.points} (${d.cards.map(cardLabel).join(' ')})`;
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
  const seatName = ctx.seatName;
  const auction = !['play', 'match_over', 'awaiting_deal'].includes(view.phase);

  // What each seat shows beside its name: its last call in the auction, its declarations.
  const extra = (seat) => {
    const calls = (view.calls || []).filter((c) => c.seat === seat);
    const parts = [];
    if (calls.length && (auction || view.phase === 'play' && view.trick_number === 0 && !(view.trick || []).length)) {
      parts.push(el('span', { class: 'seat-bid', 'data-seat': seat }, moveLabel(calls[calls.length - 1])));
    }
    for (const d of (view.declarations || []).filter((x) => x.seat === seat)) {
      parts.push(el('span', { class: 'seat-declaration' }, `${t('pilotta.declared')} ${declarationText(d)}`));
    }
    if (view.belote_holder === seat && view.belote_complete) parts.push(el('span', { class: 'seat-belote' }, t('pilotta.belote')));
    return parts;
  };

  const trick = view.trick || [];
  const trickKey = (card) => `p-${ctx.matchId}-${view.hand_number}-${view.trick_number}-${card}`;
  // The trick just won stays a moment in the middle, then goes to its winner; cards of
  // the next trick played meanwhile come in once it has gone.
  const last = view.last_trick || [];
  let collecting = [];
  let notBefore = null;
  const collectKey = `collect-${ctx.matchId}-${view.hand_number}-${view.trick_number}`;
  const collectStart = trick.length ? firstDrawnAt(collectKey, true) : null;
  if (last.length && view.phase === 'play' && view.last_trick_winner >= 0 && (!trick.length || collectStart !== null)) {
    const to = seatPosition(view.last_trick_winner, ctx.base, ctx.count);
    collecting = [animate(el('div', { class: 'collecting', 'aria-hidden': 'true' },
      trickSpots(last, ctx, () => '', false)), collectKey, `collect-to-${to}`, { delayMs: TRICK_PAUSE_MS, durationMs: COLLECT_MS })];
    if (collectStart !== null) notBefore = collectStart + TRICK_PAUSE_MS + COLLECT_MS;
  }
  const centre = [
    el('div', { class: 'centre-info' },
      el('span', { class: 'hand-number' }, t('common.handN', { n: view.hand_number })),
      view.phase === 'play' ? el('span', { class: 'trick-number' }, t('pilotta.trickOf', { n: Math.min(view.trick_number + 1, 8) })) : null,
      el('span', { class: `contract${view.contract && view.contract.multiplier > 1 ? ' doubled' : ''}` },
        contractText(view.contract, seatName))),
    view.turned && auction ? el('div', { class: 'turned' }, el('span', {}, t('pilotta.turned')), cardFace(view.turned)) : null,
    el('section', { class: 'trick', 'aria-label': t('pilotta.currentTrick') }, collecting, trickSpots(trick, ctx, trickKey, true, notBefore)),
  ];

  const hand = el('div', { class: 'hand', role: 'group', 'aria-label': t('common.yourHand') },
    sortHand(view.hand || [], 'pilotta', knownTrump(view)).map((card) => {
      const moves = plays.get(card);
      if (moves && moves.length === 1) {
        const button = cardButton(card, () => ctx.play(moves[0]));
        button.classList.add('legal');
        button.dataset.notation = moves[0].notation;
        return button;
      }
      return cardFace(card);
    }));

  const choices = options.filter((m) => m.kind !== 'bid').map((move) => {
    if (move.kind === 'play') {
      const label = t(move.belote ? 'pilotta.playBelote' : 'pilotta.playNoBelote', { card: cardLabel(move.card) });
      return moveButton(move, label, ctx, { class: `move move-play${move.belote ? ' belote' : ''}` });
    }
    if (move.kind === 'declare') return moveButton(move, `${t('move.declare')} ${move.cards.map(cardLabel).join(' ')}`, ctx);
    return moveButton(move, moveLabel(move), ctx);
  });
  const tricks = ctx.tricks || [];
  const panel = el('aside', { class: 'side-panel', 'aria-label': t('common.yourOptions') },
    choices.length ? el('div', { class: 'actions', role: 'group', 'aria-label': t('common.yourOptions') }, choices) : null,
    bidGrid(options.filter((m) => m.kind === 'bid'), ctx),
    (view.declarations || []).length ? el('p', { class: 'declarations' }, `${t('pilotta.declarations')}: `,
      view.declarations.map((d) => `${seatName(d.seat)} ${declarationText(d)}`).join(' · ')) : null,
    el('p', { class: 'tricks-won' }, t('pilotta.tricksWon', { tricks: view.tricks_won.join(' – '), points: view.card_points.join(' – ') })),
    last.length ? details('last-trick', t('pilotta.lastTrick', { name: seatName(view.last_trick_winner) }),
      el('div', { class: 'trick-cards' }, last.map(({ seat, card }) => el('figure', { class: 'played' }, cardFace(card),
        el('figcaption', {}, seatName(seat))))), ctx) : null,
    tricks.length ? details('hand-tricks', t('pilotta.allTricks', { n: tricks.length }), trickList(tricks, seatName), ctx) : null);

  return tableFrame({
    game: 'pilotta', count: ctx.count, base: ctx.base, label: t('common.table'),
    badge: (seat) => ctx.seatBadge(seat, extra(seat)), centre, hand, panel,
  });
}
