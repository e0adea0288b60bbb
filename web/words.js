// Names shared by several screens, in the chosen language: games, suits, trumps,
// rating modes, bot levels.

import { t } from './i18n.js';

export function gameName(game) {
  return game === 'pilotta' ? t('game.pilotta') : game === 'diloti' ? t('game.diloti') : game;
}

// "nt", "at" and the suits as a bid or contract names them (suits as symbols).
export function trumpName(trump) {
  const symbols = { c: '♣', d: '♦', h: '♥', s: '♠' };
  if (symbols[trump]) return symbols[trump];
  if (trump === 'nt') return t('trump.nt');
  if (trump === 'at') return t('trump.at');
  return trump || '';
}

export function suitWord(suit) {
  return { c: t('suit.clubs'), d: t('suit.diamonds'), h: t('suit.hearts'), s: t('suit.spades') }[suit] || suit;
}

export function botLevelName(level) {
  return level === 'easy' ? t('bot.easy') : level === 'strong' ? t('bot.strong') : level;
}
