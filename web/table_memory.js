// What the table remembers from the match's events that the view alone does not say:
// each seat's last move (and whether it made a xeri), the cards each Diloti side has
// captured this hand, the tricks of the Pilotta hand so far, the last capture (to sweep
// it to its capturer) and the hand whose end-of-hand summary is showing, with the table as
// that hand left it (drawn until the player has read the summary, before the next deal).
// Kept in session storage with the rest of the table, so a reload keeps it.

import { trickWinner } from './hand_order.js';

export class TableMemory {
  constructor() {
    this.reset();
  }

  reset() {
    this.lastMoves = {};   // seat → { move, xeri }
    this.captures = [[], []]; // Diloti: per side, the cards captured this hand
    this.tricks = [];      // Pilotta: this hand's tricks { number, cards, winner }
    this.sweep = null;     // Diloti: the last capture { key, seat, cards }
    this.summary = null;   // the HandResult of the hand that just ended, until dismissed
    // The hand that just ended as its last move left it: { view, tricks, captures,
    // lastMoves, sweep }, drawn instead of the next deal until the summary is dismissed.
    this.ending = null;
    this.hand = 0;
  }

  save() {
    return { lastMoves: this.lastMoves, captures: this.captures, tricks: this.tricks, hand: this.hand };
  }

  restore(saved) {
    if (!saved) return;
    Object.assign(this, { lastMoves: saved.lastMoves || {}, captures: saved.captures || [[], []], tricks: saved.tricks || [], hand: saved.hand || 0 });
  }

  // `before` and `after`: the receiver's view before and after the event.
  observe(event, game, before, after) {
    if (!after) return;
    if (after.hand_number !== this.hand) {
      if (this.hand && !this.summary) this.ending = null; // a hand that ended unseen (a reload)
      this.hand = after.hand_number;
      this.captures = [[], []];
      this.tricks = [];
      if (!event.hand_ended) this.lastMoves = {};
    }
    if (event.hand_ended && event.hand_ended.result) this.summary = event.hand_ended.result;
    const played = event.move_played && event.move_played.move;
    if (!played) return;
    const seat = played.seat || 0; // proto3 JSON may leave seat 0 out
    if (game === 'diloti') this.observeDiloti(event, played, seat, before, after);
    if (game === 'pilotta') this.observePilotta(after);
    this.lastMoves[seat] = { move: played, xeri: false };
    if (game === 'diloti' && before) {
      const side = after.hand_sizes.length === 4 ? seat % 2 : seat;
      const xeriBefore = (before.xeri || [])[side] || 0;
      this.lastMoves[seat].xeri = ((after.xeri || [])[side] || 0) > xeriBefore;
    }
    const over = (view) => ['awaiting_deal', 'match_over'].includes(view.phase);
    if (before && over(after) && !over(before)) this.ending = this.endOfHand(game, played, seat, before, after);
  }

  // The table as the hand's last move left it. Pilotta's view is already the next hand's
  // empty table: the last trick is put back in the middle (to be drawn like every won
  // trick, a moment in place and then to its winner) and in the list of the hand's tricks.
  endOfHand(game, played, seat, before, after) {
    const copy = (value) => JSON.parse(JSON.stringify(value));
    let view = { ...after, to_act: -1, legal_moves: [], move_families: [] };
    if (game === 'pilotta' && played.kind === 'play') {
      const cards = [...(before.trick || []), { seat, card: played.card }];
      const contract = before.contract || {};
      view = { ...before, hand: after.hand || [], hand_sizes: after.hand_sizes, to_act: -1, legal_moves: [], move_families: [],
        trick: [], trick_number: 8, last_trick: cards, last_trick_winner: trickWinner(cards, contract.trump),
        // The hand's own counts, from its result (the view's are the next hand's).
        tricks_won: (after.last_result || {}).tricks || before.tricks_won,
        card_points: (after.last_result || {}).card_points || before.card_points };
      this.observePilotta(view);
    }
    return { view, tricks: copy(this.tricks), captures: copy(this.captures), lastMoves: copy(this.lastMoves), sweep: this.sweep };
  }

  observeDiloti(event, move, seat, before, after) {
    if (move.kind !== 'capture') return;
    const side = after.hand_sizes.length === 4 ? seat % 2 : seat;
    const taken = [move.card];
    for (const group of move.groups || []) {
      for (const item of group.split('+')) {
        if (item.startsWith('@')) {
          // A declaration taken in: its cards, as the table showed them before.
          const value = Number(item.slice(1));
          const found = ((before && before.declarations) || []).find((d) => d.value === value);
          if (found) taken.push(...found.cards);
        } else if (item !== move.card) taken.push(item);
      }
    }
    this.captures[side] = [...(this.captures[side] || []), ...taken];
    this.sweep = { key: `${event.match_id}-${event.seq}`, seat, cards: taken };
  }

  observePilotta(after) {
    const last = after.last_trick || [];
    const key = (cards) => cards.map((c) => `${c.seat}${c.card}`).join(' ');
    const previous = this.tricks[this.tricks.length - 1];
    if (!last.length || (previous && key(previous.cards) === key(last))) return;
    this.tricks.push({ number: this.tricks.length + 1, cards: last, winner: after.last_trick_winner });
  }
}
