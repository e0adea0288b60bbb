// A finished match's game record (shared/record-format.md) turned into positions to step
// through: every seat's hand, the trick (Pilotta) or the loose cards and declarations
// (Diloti), after each move. The deals come from the record's seeds, dealt again with
// the documented shuffle (the SDK's, sdk/kafenio-client.js). No DOM: the same module runs in Node's tests.
//
// This is a viewer, not a referee: it trusts the server's record (the server checked
// every move) and throws if a card is played that the seat does not hold.

import { dealDiloti, dealPilotta } from './sdk/kafenio-client.js';

const VALUES = { A: 1, T: 10, J: 11, Q: 12, K: 13 };

function cardValue(card) {
  const rank = card.slice(0, -1);
  return VALUES[rank] || Number(rank);
}

function groupValue(group) {
  return group.split('+').reduce((sum, item) => sum + (item.startsWith('@') ? Number(item.slice(1)) : cardValue(item)), 0);
}

// The record's header and hands: { game, preset, players, hands: [{ dealer, seed, moves }] }.
export function parseRecord(text) {
  const record = { game: '', preset: '', players: 0, hands: [] };
  let hand = null;
  for (const raw of text.split('\n')) {
    const line = raw.replace(/#.*/, '').trim();
    if (!line) continue;
    const [word, ...rest] = line.split(/\s+/);
    if (word === 'game') record.game = rest[0];
    else if (word === 'rules') record.preset = rest[0];
    else if (word === 'players') record.players = Number(rest[0]);
    else if (word === 'hand') { hand = { dealer: null, seed: null, moves: [] }; record.hands.push(hand); }
    else if (word === 'end') break;
    else {
      if (!hand) { hand = { dealer: null, seed: null, moves: [] }; record.hands.push(hand); }
      if (word === 'dealer') hand.dealer = Number(rest[0]);
      else if (word === 'seed') hand.seed = BigInt(rest[0]);
      else if (/^\d+$/.test(word)) hand.moves.push({ seat: Number(word), kind: rest[0], args: rest.slice(1), text: line });
    }
  }
  if (!record.players) record.players = record.game === 'pilotta' ? (record.preset === 'classic2' ? 2 : 4) : 2;
  // Later hands' dealers: the seat after the last dealer, or the same after an annulled
  // Pilotta hand (everybody passed: no card was played).
  let dealer = 0;
  record.hands.forEach((h, i) => {
    if (h.dealer === null) {
      const previous = record.hands[i - 1];
      const annulled = previous && record.game === 'pilotta' && !previous.moves.some((m) => m.kind === 'play');
      h.dealer = i === 0 ? 0 : annulled ? dealer : (dealer + 1) % record.players;
    }
    dealer = h.dealer;
  });
  return record;
}

// The positions of one hand: the first before any move, then one after each move.
// A position: { hands: [[card]], trick: [{seat, card}], loose: [card],
//               declarations: [{value, cards, owner, group}], stock, move }
export function handPositions(record, index) {
  const hand = record.hands[index];
  if (hand.seed === null) throw new Error('this record has explicit deals; only seeded deals can be replayed here');
  const deal = record.game === 'pilotta'
    ? dealPilotta(hand.seed, hand.dealer, record.preset || 'cyprus')
    : dealDiloti(hand.seed, hand.dealer, record.players);
  let position = {
    hands: deal.hands.map((cards) => [...cards]), trick: [], lastTrick: [], loose: [...deal.table],
    declarations: [], stock: [...deal.stock], turned: deal.turned, move: null,
  };
  const positions = [position];
  for (const move of hand.moves) {
    position = record.game === 'pilotta' ? pilottaStep(position, move, hand.dealer, record.players, record.preset || 'cyprus') : dilotiStep(position, move, hand.dealer, record.players);
    positions.push(position);
  }
  return positions;
}

function takeFromHand(hands, seat, card) {
  const next = hands.map((cards) => [...cards]);
  const at = next[seat].indexOf(card);
  if (at < 0) throw new Error(`seat ${seat} does not hold ${card}`);
  next[seat].splice(at, 1);
  return next;
}

// Classic games deal the rest once trump is chosen (rules.md): in classic the taker gets
// the turned card and 2 more, the others 3; in classic2 each gets 3 and the turned card
// (or the 7 swapped for it) is set aside. Cards come from the front of the stock, eldest first.
function dealRest(position, taker, dealer, players, preset) {
  const stock = [...position.stock];
  const hands = position.hands.map((cards) => [...cards]);
  if (preset === 'classic') hands[taker].push(position.turned);
  for (let i = 1; i <= players; i += 1) {
    const seat = (dealer + i) % players;
    hands[seat].push(...stock.splice(0, preset === 'classic' && seat === taker ? 2 : 3));
  }
  return { ...position, hands, stock, turned: '', awaitingSwap: false };
}

function pilottaStep(position, move, dealer, players, preset) {
  const next = { ...position, move };
  const classic = preset === 'classic' || preset === 'classic2';
  if (classic && position.turned && (move.kind === 'take' || move.kind === 'name')) {
    const trump = position.turned.slice(-1);
    if (preset === 'classic2' && move.kind === 'take' && position.hands[move.seat].includes(`7${trump}`)) {
      return { ...next, awaitingSwap: true, taker: move.seat };
    }
    return { ...dealRest(next, move.seat, dealer, players, preset), move };
  }
  if (position.awaitingSwap && (move.kind === 'swap' || move.kind === 'pass')) {
    if (move.kind === 'swap') {
      const seven = `7${position.turned.slice(-1)}`;
      next.hands = takeFromHand(position.hands, move.seat, seven);
      next.hands[move.seat].push(position.turned);
    }
    return { ...dealRest(next, move.seat, dealer, players, preset), move };
  }
  if (move.kind !== 'play') return next;
  const card = move.args[0];
  next.hands = takeFromHand(position.hands, move.seat, card);
  const trick = [...(position.trick.length === players ? [] : position.trick), { seat: move.seat, card }];
  next.trick = trick;
  if (trick.length === players) next.lastTrick = trick;
  return next;
}

function dilotiStep(position, move, dealer, players) {
  const next = { ...position, move, loose: [...position.loose], declarations: position.declarations.map((d) => ({ ...d, cards: [...d.cards] })) };
  const [card, ...groups] = move.args;
  next.hands = takeFromHand(position.hands, move.seat, card);
  const items = groups.flatMap((g) => g.split('+'));
  const removeLoose = (c) => { const at = next.loose.indexOf(c); if (at >= 0) next.loose.splice(at, 1); };
  const takeDeclaration = (item) => {
    const at = next.declarations.findIndex((d) => d.value === Number(item.slice(1)));
    return at >= 0 ? next.declarations.splice(at, 1)[0].cards : [];
  };
  if (move.kind === 'lay') next.loose.push(card);
  else if (move.kind === 'capture') {
    for (const item of items) if (item.startsWith('@')) takeDeclaration(item); else removeLoose(item);
  } else if (move.kind === 'declare') {
    for (const item of items) removeLoose(item);
    next.declarations.push({ value: cardValue(card) + items.reduce((s, c) => s + cardValue(c), 0), cards: [card, ...items], owner: move.seat, group: false });
  } else if (move.kind === 'raise') {
    const from = items.find((i) => i.startsWith('@'));
    const cards = from ? takeDeclaration(from) : [];
    next.declarations.push({ value: (from ? Number(from.slice(1)) : 0) + cardValue(card), cards: [...cards, card], owner: move.seat, group: false });
  } else if (move.kind === 'group') {
    const cards = [];
    for (const item of items) {
      if (item.startsWith('@')) cards.push(...takeDeclaration(item));
      else if (item !== card) { removeLoose(item); cards.push(item); }
    }
    const value = groupValue(groups.find((g) => g.split('+').includes(card)) || card);
    next.declarations.push({ value, cards: [card, ...cards], owner: move.seat, group: true });
  }
  // Every hand empty and cards left: six more each, from the seat after the dealer.
  if (next.hands.every((cards) => cards.length === 0) && position.stock.length) {
    const stock = [...position.stock];
    const hands = next.hands.map(() => []);
    for (let i = 1; i <= players; i += 1) hands[(dealer + i) % players] = stock.splice(0, 6);
    next.hands = hands;
    next.stock = stock;
  }
  return next;
}
