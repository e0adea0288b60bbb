// Cards: the face drawn in SVG (card_faces.js), a short label ("10♥") and a spoken name
// ("10 of hearts", "10 κούπα") in the chosen language. Every card is named for screen
// readers; a card the player can press is a real button, so the keyboard works.

import { cardSvg } from './card_faces.js';
import { cardLabel } from './sdk/kafenio-client.js';
import { t } from './i18n.js';

const SUIT_NAMES = { c: 'clubs', d: 'diamonds', h: 'hearts', s: 'spades' };
const RANK_LABELS = { T: '10' };

// "Th" → "10♥" (the SDK's card text); anything unexpected is shown as sent.
export { cardLabel };

// "Th" → "10 of hearts" / "10 κούπα"; "Qs" → "queen of spades" / "ντάμα μπαστούνι".
export function cardName(code) {
  if (!code || code.length < 2 || !SUIT_NAMES[code.slice(-1)]) return cardLabel(code);
  const rank = code.slice(0, -1);
  const rankWord = 'AKQJ'.includes(rank) ? t(`rank.${rank}`) : RANK_LABELS[rank] || rank;
  return t('card.name', { rank: rankWord, suit: t(`suit.${SUIT_NAMES[code.slice(-1)]}`) });
}

function fillCard(element, code) {
  const suit = code.slice(-1);
  element.classList.add('card', `suit-${SUIT_NAMES[suit] || 'unknown'}`);
  element.dataset.card = code;
  element.innerHTML = cardSvg(code); // our own markup; the code is checked by cardSvg
  element.title = cardName(code);
  return element;
}

// A face-up card that is only shown: a picture named by the card.
export function cardFace(code) {
  const face = fillCard(document.createElement('span'), code);
  face.setAttribute('role', 'img');
  face.setAttribute('aria-label', cardName(code));
  return face;
}

// A face-up card the player can press (a real button, so the keyboard works). Its name
// comes from words only screen readers hear (the drawing is hidden from them), so the
// name never contradicts the corner indices seen.
export function cardButton(code, onPress) {
  const button = fillCard(document.createElement('button'), code);
  button.prepend(Object.assign(document.createElement('span'), { className: 'visually-hidden', textContent: cardName(code) }));
  button.type = 'button';
  button.addEventListener('click', onPress);
  return button;
}

// A face-down card, for counts of other players' hands: drawn by CSS alone, as there
// are many of them and they are redrawn with every event.
export function cardBack() {
  const back = document.createElement('span');
  back.className = 'card back';
  back.setAttribute('aria-hidden', 'true');
  return back;
}
