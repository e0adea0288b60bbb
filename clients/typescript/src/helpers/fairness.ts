// The fair-deal check (docs/fairness.md, docs/shuffle.md): a revealed seed checked against
// the commitment published before the hand, and re-dealt with the documented shuffle so
// the player's own cards can be compared. 64-bit arithmetic in BigInt, masked to 64 bits
// after every step. SHA-256 comes from globalThis.crypto.subtle (browsers, Node 20; React
// Native needs a WebCrypto polyfill).
const MASK = (1n << 64n) - 1n;
const DOMAIN = 'kafenio-deal-v1';

function splitMix64(seed: bigint): () => bigint {
  let state = seed & MASK;
  return () => {
    state = (state + 0x9e3779b97f4a7c15n) & MASK;
    let z = state;
    z = ((z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n) & MASK;
    z = ((z ^ (z >> 27n)) * 0x94d049bb133111ebn) & MASK;
    return z ^ (z >> 31n);
  };
}

function rotl(value: bigint, bits: bigint): bigint {
  return ((value << bits) | (value >> (64n - bits))) & MASK;
}

// xoshiro256** seeded with the first four SplitMix64 words, and Lemire's unbiased draw.
export class DealRng {
  private readonly s: bigint[];

  constructor(seed: bigint) {
    const next = splitMix64(seed);
    this.s = [next(), next(), next(), next()];
  }

  next(): bigint {
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
  below(bound: number): number {
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
function shuffle(items: string[], rng: DealRng): void {
  for (let i = items.length; i > 1; i -= 1) {
    const j = rng.below(i);
    [items[i - 1], items[j]] = [items[j], items[i - 1]];
  }
}

function canonicalDeck(ranks: string): string[] {
  return [...'cdhs'].flatMap((suit) => [...ranks].map((rank) => rank + suit));
}

const PILOTTA_DECK = canonicalDeck('789TJQKA');
const DILOTI_DECK = canonicalDeck('A23456789TJQK');
const PILOTTA_BATCHES: Record<string, number[]> = { cyprus: [3, 2, 3], classic: [3, 2], classic2: [3, 3] };

function sortedIn(deck: string[], cards: string[]): string[] {
  const order = new Map(deck.map((card, index) => [card, index]));
  return [...cards].sort((a, b) => order.get(a)! - order.get(b)!);
}

export interface Deal {
  hands: string[][]; // per seat, in canonical order
  turned: string; // Pilotta's turned card ('' in cyprus and in Diloti)
  table: string[]; // Diloti's four table cards
  stock: string[];
  tableRedeals?: number;
}

export function dealPilotta(seed: bigint, dealer: number, preset = 'cyprus'): Deal {
  const batches = PILOTTA_BATCHES[preset];
  if (!batches) throw new Error(`unknown Pilotta preset "${preset}"`);
  const players = preset === 'classic2' ? 2 : 4;
  const deck = [...PILOTTA_DECK];
  shuffle(deck, new DealRng(seed));
  const hands: string[][] = Array.from({ length: players }, () => []);
  for (const size of batches) {
    for (let i = 1; i <= players; i += 1) hands[(dealer + i) % players].push(...deck.splice(0, size));
  }
  const turned = preset === 'cyprus' ? '' : deck.shift()!;
  return { hands: hands.map((hand) => sortedIn(PILOTTA_DECK, hand)), turned, table: [], stock: deck };
}

function needsTableRedeal(table: string[]): boolean {
  return [...'JQK'].some((face) => table.filter((card) => card[0] === face).length >= 3);
}

// Six cards a seat from eldest, four table cards (re-dealt while three face cards of one
// rank lie there), the stock in dealing order.
export function dealDiloti(seed: bigint, dealer: number, players = 2): Deal {
  if (players !== 2 && players !== 4) throw new Error('Diloti is for 2 or 4 players');
  const deck = [...DILOTI_DECK];
  const rng = new DealRng(seed);
  shuffle(deck, rng);
  const hands: string[][] = Array.from({ length: players }, () => []);
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
  return { hands: hands.map((hand) => sortedIn(DILOTI_DECK, hand)), turned: '', table: sortedIn(DILOTI_DECK, table), stock, tableRedeals };
}

// The re-deal as `kafenio deal` prints it (a record deal block), for comparisons.
export function formatDeal(deal: Deal): string {
  const lines = deal.hands.map((hand, seat) => `deal ${seat} ${hand.join(' ')}`);
  if (deal.turned) lines.push(`turn ${deal.turned}`);
  if (deal.table.length) lines.push(`table ${deal.table.join(' ')}`);
  if (deal.stock.length) lines.push(`stock ${deal.stock.join(' ')}`);
  return `${lines.join('\n')}\n`;
}

function littleEndian(value: bigint | number, bytes: number): Uint8Array {
  const out = new Uint8Array(bytes);
  let rest = BigInt.asUintN(bytes * 8, BigInt(value));
  for (let i = 0; i < bytes; i += 1) {
    out[i] = Number(rest & 0xffn);
    rest >>= 8n;
  }
  return out;
}

function hexBytes(hex: string): Uint8Array {
  if (!/^([0-9a-f]{2})*$/i.test(hex)) throw new Error('not hex');
  return Uint8Array.from(hex.match(/../g) ?? [], (pair) => parseInt(pair, 16));
}

function toHex(buffer: ArrayBuffer): string {
  return [...new Uint8Array(buffer)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

interface Subtle {
  digest(algorithm: string, data: Uint8Array): Promise<ArrayBuffer>;
}

// SHA-256("kafenio-deal-v1" || seed u64 LE || match i64 LE || hand u32 LE || salt), hex.
export async function dealCommitment(seed: bigint, matchId: bigint, hand: number, saltHex: string): Promise<string> {
  const salt = hexBytes(saltHex);
  if (salt.length !== 32) throw new Error('the salt must be 32 bytes');
  const parts = [new TextEncoder().encode(DOMAIN), littleEndian(seed, 8), littleEndian(matchId, 8), littleEndian(hand, 4), salt];
  const message = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const part of parts) {
    message.set(part, offset);
    offset += part.length;
  }
  const subtle = (globalThis as { crypto?: { subtle?: Subtle } }).crypto?.subtle;
  if (!subtle) throw new Error('no WebCrypto (crypto.subtle) here to compute SHA-256');
  return toHex(await subtle.digest('SHA-256', message));
}

function sameCards(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && [...a].sort().join(' ') === [...b].sort().join(' ');
}

// What the client saw of one hand, and what the server revealed at its end.
export interface HandSeen {
  game: 'pilotta' | 'diloti';
  preset: string;
  players: number;
  matchId: bigint | string;
  number: number;
  commitment: string; // from hand_started ('' when not seen)
  seed: string;
  salt: string;
  revealedCommitment: string;
  dealer: number;
  viewer: number;
  dealt: string[] | null; // the viewer's first cards, or null when not seen
  table: string[] | null; // Diloti's table / Pilotta's turned card at the start, or null
}

export type FairnessStatus = 'verified' | 'warning' | 'not_published' | 'unchecked';
// Why, as a key a translated UI looks its words up by (the web page: `fair.<reason>`).
export type FairnessReason =
  | 'verified' | 'notPublished' | 'commitmentDiffers' | 'seedUnreadable' | 'seedMismatch' | 'handMismatch'
  | 'tableMismatch' | 'notSeenBefore' | 'joinedMidHand' | 'checkFailed' | 'unchecked';
export interface FairnessOutcome {
  status: FairnessStatus;
  reason: FairnessReason;
  text: string; // in English
  error?: string; // seedUnreadable, checkFailed: what went wrong
}

export async function verifyHand(hand: HandSeen): Promise<FairnessOutcome> {
  if (!hand.seed || !hand.salt || !(hand.commitment || hand.revealedCommitment)) {
    return { status: 'not_published', reason: 'notPublished', text: 'deal not published by the server' };
  }
  if (hand.commitment && hand.revealedCommitment && hand.commitment.toLowerCase() !== hand.revealedCommitment.toLowerCase()) {
    return { status: 'warning', reason: 'commitmentDiffers', text: 'the commitment revealed differs from the one published before the hand' };
  }
  const published = (hand.commitment || hand.revealedCommitment).toLowerCase();
  let computed: string;
  try {
    computed = await dealCommitment(BigInt(hand.seed), BigInt(hand.matchId), hand.number, hand.salt);
  } catch (error) {
    const message = (error as Error).message;
    return { status: 'warning', reason: 'seedUnreadable', text: `the revealed seed cannot be checked: ${message}`, error: message };
  }
  if (computed !== published) return { status: 'warning', reason: 'seedMismatch', text: 'the revealed seed does not match the commitment' };
  const deal = hand.game === 'diloti'
    ? dealDiloti(BigInt(hand.seed), hand.dealer, hand.players)
    : dealPilotta(BigInt(hand.seed), hand.dealer, hand.preset);
  if (hand.dealt && hand.viewer >= 0 && !sameCards(hand.dealt, deal.hands[hand.viewer] ?? [])) {
    return { status: 'warning', reason: 'handMismatch', text: 'the cards you were dealt are not the ones this seed deals' };
  }
  const shownTable = hand.game === 'diloti' ? deal.table : (deal.turned ? [deal.turned] : []);
  if (hand.table && hand.table.length && !sameCards(hand.table, shownTable)) {
    return { status: 'warning', reason: 'tableMismatch', text: 'the cards turned up are not the ones this seed deals' };
  }
  if (!hand.commitment) {
    return { status: 'unchecked', reason: 'notSeenBefore', text: 'seed matches its commitment, but the commitment was not seen before the hand' };
  }
  if (!hand.dealt && hand.viewer >= 0) {
    return { status: 'unchecked', reason: 'joinedMidHand', text: 'seed matches its commitment; your first cards were not seen (joined mid-hand)' };
  }
  return { status: 'verified', reason: 'verified', text: 'deal verified' };
}
