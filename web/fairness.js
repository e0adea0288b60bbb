// Fair-deal verification (docs/fairness.md, docs/shuffle.md): checks a revealed seed
// against the commitment published before the hand, and re-deals the seed with the
// documented shuffle so the player can compare the cards they were dealt. No DOM: the
// same module runs in the browser and in Node (tests/web/test_fairness.mjs).
//
// 64-bit arithmetic is done with BigInt, masked to 64 bits after every step.

import { t } from './i18n.js';

const MASK = (1n << 64n) - 1n;
const DOMAIN = 'kafenio-deal-v1';

function splitMix64(seed) {
  let state = seed & MASK;
  return () => {
    state = (state + 0x9E3779B97F4A7C15n) & MASK;
    let z = state;
    z = ((z ^ (z >> 30n)) * 0xBF58476D1CE4E5B9n) & MASK;
    z = ((z ^ (z >> 27n)) * 0x94D049BB133111EBn) & MASK;
    return z ^ (z >> 31n);
  };
}

function rotl(value, bits) {
  return ((value << bits) | (value >> (64n - bits))) & MASK;
}

// xoshiro256** seeded with the first four SplitMix64 words, and Lemire's unbiased draw.
export class DealRng {
  constructor(seed) {
    const next = splitMix64(BigInt(seed));
    this.s = [next(), next(), next(), next()];
  }

  next() {
    const s = this.s;
    const result = (rotl((s[1] * 5n) & MASK, 7n) * 9n) & MASK;
    const t = (s[1] << 17n) & MASK;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl(s[3], 45n);
    return result;
  }

  // A draw in [0, bound).
  below(bound) {
    const n = BigInt(bound);
    let product = this.next() * n;
    let low = product & MASK;
    if (low < n) {
      const threshold = ((1n << 64n) - n) % n;
      while (low < threshold) {
        product = this.next() * n;
        low = product & MASK;
      }
    }
    return Number(product >> 64n);
  }
}

// Fisher–Yates from the top, in place.
function shuffle(items, rng) {
  for (let i = items.length; i > 1; i -= 1) {
    const j = rng.below(i);
    [items[i - 1], items[j]] = [items[j], items[i - 1]];
  }
}

function canonicalDeck(ranks) {
  return [...'cdhs'].flatMap((suit) => [...ranks].map((rank) => rank + suit));
}

const PILOTTA_DECK = canonicalDeck('789TJQKA');
const DILOTI_DECK = canonicalDeck('A23456789TJQK');
const PILOTTA_BATCHES = { cyprus: [3, 2, 3], classic: [3, 2], classic2: [3, 3] };

function sortedIn(deck, cards) {
  const order = new Map(deck.map((card, index) => [card, index]));
  return [...cards].sort((a, b) => order.get(a) - order.get(b));
}

// Pilotta: hands (each in canonical order), the turned card ('' in cyprus), the stock.
export function dealPilotta(seed, dealer, preset = 'cyprus') {
  const batches = PILOTTA_BATCHES[preset];
  if (!batches) throw new Error(`unknown Pilotta preset "${preset}"`);
  const players = preset === 'classic2' ? 2 : 4;
  const deck = [...PILOTTA_DECK];
  shuffle(deck, new DealRng(seed));
  const hands = Array.from({ length: players }, () => []);
  for (const size of batches) {
    for (let i = 1; i <= players; i += 1) hands[(dealer + i) % players].push(...deck.splice(0, size));
  }
  const turned = preset === 'cyprus' ? '' : deck.shift();
  return { hands: hands.map((hand) => sortedIn(PILOTTA_DECK, hand)), turned, table: [], stock: deck };
}

function needsTableRedeal(table) {
  return [...'JQK'].some((face) => table.filter((card) => card[0] === face).length >= 3);
}

// Diloti: six cards a seat from eldest, four table cards (re-dealt while three face
// cards of one rank lie there), the stock in dealing order.
export function dealDiloti(seed, dealer, players = 2) {
  if (players !== 2 && players !== 4) throw new Error('Diloti is for 2 or 4 players');
  const deck = [...DILOTI_DECK];
  const rng = new DealRng(seed);
  shuffle(deck, rng);
  const hands = Array.from({ length: players }, () => []);
  for (let i = 1; i <= players; i += 1) hands[(dealer + i) % players] = deck.splice(0, 6);
  let table = deck.slice(0, 4);
  let stock = deck.slice(4);
  let tableRedeals = 0;
  while (needsTableRedeal(table)) {
    tableRedeals += 1;
    stock = [...stock, ...table];
    shuffle(stock, rng);
    table = stock.slice(0, 4);
    stock = stock.slice(4);
  }
  return {
    hands: hands.map((hand) => sortedIn(DILOTI_DECK, hand)),
    turned: '',
    table: sortedIn(DILOTI_DECK, table),
    stock,
    tableRedeals,
  };
}

// The re-deal as `kafenio deal` prints it (a record deal block), for comparisons.
export function formatDeal(deal) {
  const lines = deal.hands.map((hand, seat) => `deal ${seat} ${hand.join(' ')}`);
  if (deal.turned) lines.push(`turn ${deal.turned}`);
  if (deal.table.length) lines.push(`table ${deal.table.join(' ')}`);
  if (deal.stock.length) lines.push(`stock ${deal.stock.join(' ')}`);
  return `${lines.join('\n')}\n`;
}

function littleEndian(value, bytes) {
  const out = new Uint8Array(bytes);
  let rest = BigInt.asUintN(bytes * 8, BigInt(value));
  for (let i = 0; i < bytes; i += 1) {
    out[i] = Number(rest & 0xffn);
    rest >>= 8n;
  }
  return out;
}

function hexBytes(hex) {
  if (!/^([0-9a-f]{2})*$/i.test(hex)) throw new Error('not hex');
  return Uint8Array.from(hex.match(/../g) || [], (pair) => parseInt(pair, 16));
}

function toHex(buffer) {
  return [...new Uint8Array(buffer)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

// SHA-256("kafenio-deal-v1" || seed u64 LE || match i64 LE || hand u32 LE || salt), hex.
export async function dealCommitment(seed, matchId, hand, saltHex) {
  const salt = hexBytes(saltHex);
  if (salt.length !== 32) throw new Error('the salt must be 32 bytes');
  const parts = [new TextEncoder().encode(DOMAIN), littleEndian(seed, 8), littleEndian(matchId, 8),
    littleEndian(hand, 4), salt];
  const message = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const part of parts) { message.set(part, offset); offset += part.length; }
  return toHex(await globalThis.crypto.subtle.digest('SHA-256', message));
}

function sameCards(a, b) {
  return a.length === b.length && [...a].sort().join(' ') === [...b].sort().join(' ');
}

// Verifies one finished hand. `hand` holds what the client saw:
//   { game, preset, players, matchId, number, commitment (from hand_started, or ''),
//     seed, salt, revealedCommitment, dealer, viewer, dealt (viewer's first cards, or
//     null), table (Diloti table / Pilotta turned card at the start, or null) }
// Returns { status: 'verified' | 'warning' | 'not_published' | 'unchecked', text }.
export async function verifyHand(hand) {
  if (!hand.seed || !hand.salt || !(hand.commitment || hand.revealedCommitment)) {
    return { status: 'not_published', text: t('fair.notPublished') };
  }
  if (hand.commitment && hand.revealedCommitment
      && hand.commitment.toLowerCase() !== hand.revealedCommitment.toLowerCase()) {
    return { status: 'warning', text: t('fair.commitmentDiffers') };
  }
  const published = (hand.commitment || hand.revealedCommitment).toLowerCase();
  let computed;
  try {
    computed = await dealCommitment(BigInt(hand.seed), BigInt(hand.matchId), hand.number, hand.salt);
  } catch (error) {
    return { status: 'warning', text: t('fair.seedUnreadable', { error: error.message }) };
  }
  if (computed !== published) {
    return { status: 'warning', text: t('fair.seedMismatch') };
  }
  const deal = hand.game === 'diloti'
    ? dealDiloti(BigInt(hand.seed), hand.dealer, hand.players)
    : dealPilotta(BigInt(hand.seed), hand.dealer, hand.preset);
  if (hand.dealt && hand.viewer >= 0 && !sameCards(hand.dealt, deal.hands[hand.viewer] || [])) {
    return { status: 'warning', text: t('fair.handMismatch') };
  }
  const shownTable = hand.game === 'diloti' ? deal.table : (deal.turned ? [deal.turned] : []);
  if (hand.table && hand.table.length && !sameCards(hand.table, shownTable)) {
    return { status: 'warning', text: t('fair.tableMismatch') };
  }
  if (!hand.commitment) {
    return { status: 'unchecked', text: t('fair.notSeenBefore') };
  }
  if (!hand.dealt && hand.viewer >= 0) {
    return { status: 'unchecked', text: t('fair.joinedMidHand') };
  }
  return { status: 'verified', text: t('fair.verified') };
}
