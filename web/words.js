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

// A bot's name, the same at its seat, in the score line, the seat list, the match history
// and the replay: "Bot 2 (Strong)" by its seat (two bots of one level stay apart), with
// its level when known.
export function botName(seat, level) {
  const known = level === 'easy' || level === 'strong';
  return known ? t('seat.bot', { n: seat + 1, level: botLevelName(level) }) : t('seat.botAny', { n: seat + 1 });
}

// A seat of a finished match's history (account 0) held by a bot.
export function isBotSeat(entry) {
  return String(entry.account_id) === '0';
}

// Such a seat's bot by the same name: the server stores it as "strong bot", "easy bot"
// (or "bot" for one of an older record).
export function historyBotName(seat, entry) {
  return botName(seat, String(entry.name).split(' ')[0]);
}
