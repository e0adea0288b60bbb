// The order a hand is shown in: grouped by suit, suits alternating in colour, strongest
// first. In Pilotta the trump suit comes first once the contract names it, in trump order
// (J 9 A 10 K Q 8 7); at all trumps every suit is in trump order, at no trumps none.

const SUIT_ORDER = ['s', 'h', 'c', 'd']; // black, red, black, red
const PLAIN = 'AKQJT98765432';
const PILOTTA_PLAIN = 'ATKQJ987';
const PILOTTA_TRUMP = 'J9ATKQ87';

function rankIndex(order, rank) {
  const at = order.indexOf(rank);
  return at < 0 ? order.length : at;
}

// `trump`: the contract's trump ("c" "d" "h" "s" "nt" "at"), when known.
export function sortHand(cards, game, trump = '') {
  const suits = SUIT_ORDER.includes(trump) ? [trump, ...SUIT_ORDER.filter((s) => s !== trump)] : SUIT_ORDER;
  const orderOf = (suit) => {
    if (game !== 'pilotta') return PLAIN;
    return trump === 'at' || suit === trump ? PILOTTA_TRUMP : PILOTTA_PLAIN;
  };
  return [...cards].sort((a, b) => {
    const suitA = a.slice(-1);
    const suitB = b.slice(-1);
    if (suitA !== suitB) return suits.indexOf(suitA) - suits.indexOf(suitB);
    return rankIndex(orderOf(suitA), a.slice(0, -1)) - rankIndex(orderOf(suitB), b.slice(0, -1));
  });
}

// The seat that wins a Pilotta trick (rules.md): the best trump played, else the best card
// of the suit led; at all trumps only the suit led wins, ranked as trumps. `cards`:
// [{seat, card}] in play order, the leader's first; `trump` as for sortHand.
export function trickWinner(cards, trump) {
  const led = cards[0].card.slice(-1);
  const strength = ({ card }) => {
    const suit = card.slice(-1);
    const isTrump = suit === trump;
    if (suit !== led && !isTrump) return -1;
    const order = trump === 'at' || isTrump ? PILOTTA_TRUMP : PILOTTA_PLAIN;
    return (isTrump && trump !== 'at' ? 100 : 0) + order.length - rankIndex(order, card.slice(0, -1));
  };
  return cards.reduce((best, played) => (strength(played) > strength(best) ? played : best)).seat;
}
