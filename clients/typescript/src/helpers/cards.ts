// Card text and order. Cards are the record's two-letter codes (shared/record-format.md):
// rank 2-9, T, J, Q, K, A and suit c, d, h, s.
export type Game = 'pilotta' | 'diloti';

const SUITS: Record<string, string> = { c: '♣', d: '♦', h: '♥', s: '♠' };
const SUIT_NAMES: Record<string, string> = { c: 'clubs', d: 'diamonds', h: 'hearts', s: 'spades' };
const RANK_LABELS: Record<string, string> = { T: '10' };
const TRUMP_WORDS: Record<string, string> = { nt: 'no trumps', at: 'all trumps' };

// The decks in canonical order: suits c d h s, ranks low to high in each game's deal order
// (docs/shuffle.md).
export const PILOTTA_RANKS = '789TJQKA';
export const DILOTI_RANKS = 'A23456789TJQK';

export function suitSymbol(suit: string): string {
  return SUITS[suit] ?? TRUMP_WORDS[suit] ?? suit;
}

export function suitName(suit: string): string {
  return SUIT_NAMES[suit] ?? suit;
}

export const cardRank = (code: string): string => code.slice(0, -1);
export const cardSuit = (code: string): string => code.slice(-1);

// "Th" → "10♥"; anything unexpected is shown as sent.
export function cardLabel(code: string): string {
  if (!code || code.length < 2) return code || '';
  const suit = cardSuit(code);
  if (!SUITS[suit]) return code;
  const rank = cardRank(code);
  return `${RANK_LABELS[rank] ?? rank}${SUITS[suit]}`;
}

export function isRed(code: string): boolean {
  const suit = cardSuit(code);
  return suit === 'd' || suit === 'h';
}

// The canonical deck of a game: c d h s, each in the game's rank order.
export function deck(game: Game): string[] {
  const ranks = game === 'diloti' ? DILOTI_RANKS : PILOTTA_RANKS;
  return [...'cdhs'].flatMap((suit) => [...ranks].map((rank) => rank + suit));
}

// Pilotta's trick order: trumps rank J 9 A T K Q 8 7, other suits A T K Q J 9 8 7.
const PILOTTA_PLAIN = '789JQKTA';
const PILOTTA_TRUMP = '78QKTA9J';

// A comparison for sorting a hand: by suit (c d h s), then by rank within the suit as the
// game ranks it. For Pilotta, pass the trump suit (c d h s) to rank that suit as trumps, or
// 'at' to rank every suit as trumps.
export function compareCards(game: Game, trump = ''): (a: string, b: string) => number {
  const rankIndex = (code: string): number => {
    const rank = cardRank(code);
    if (game === 'diloti') return DILOTI_RANKS.indexOf(rank);
    const trumps = trump === 'at' || cardSuit(code) === trump;
    return (trumps ? PILOTTA_TRUMP : PILOTTA_PLAIN).indexOf(rank);
  };
  return (a, b) => 'cdhs'.indexOf(cardSuit(a)) - 'cdhs'.indexOf(cardSuit(b)) || rankIndex(a) - rankIndex(b);
}

export function sortCards(cards: readonly string[], game: Game, trump = ''): string[] {
  return [...cards].sort(compareCards(game, trump));
}
