// Cards drawn with CSS: rank and suit symbol, red or black. No images.

const SUITS = { c: '♣', d: '♦', h: '♥', s: '♠' };
const SUIT_NAMES = { c: 'clubs', d: 'diamonds', h: 'hearts', s: 'spades' };
const RANK_LABELS = { T: '10' };

export function suitSymbol(suit) {
  return SUITS[suit] || suit;
}

// "Th" → "10♥"; anything unexpected is shown as sent.
export function cardLabel(code) {
  if (!code || code.length < 2) return code || '';
  const rank = code.slice(0, -1);
  const suit = code.slice(-1);
  if (!SUITS[suit]) return code;
  return `${RANK_LABELS[rank] || rank}${SUITS[suit]}`;
}

function fillCard(element, code) {
  const suit = code.slice(-1);
  element.classList.add('card', `suit-${SUIT_NAMES[suit] || 'unknown'}`);
  element.dataset.card = code;
  element.textContent = cardLabel(code);
  element.setAttribute('aria-label', cardLabel(code));
  return element;
}

// A face-up card that is only shown.
export function cardFace(code) {
  return fillCard(document.createElement('span'), code);
}

// A face-up card the player can press (a real button, so the keyboard works).
export function cardButton(code, onPress) {
  const button = fillCard(document.createElement('button'), code);
  button.type = 'button';
  button.addEventListener('click', onPress);
  return button;
}

// A face-down card, for counts of other players' hands.
export function cardBack() {
  const back = document.createElement('span');
  back.className = 'card back';
  back.setAttribute('aria-hidden', 'true');
  return back;
}
