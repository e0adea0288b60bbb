// Words for the server's error codes (proto ErrorCode), shown above the server's own
// sentence, so every refusal reads as what happened and why.

const TITLES = {
  BAD_FRAME: 'The server could not read a message from this page',
  BAD_REQUEST: 'The server refused a request as malformed',
  RATE_LIMITED: 'Too many messages: slow down',
  NOT_SIGNED_IN: 'Sign in first',
  ALREADY_SIGNED_IN: 'Already signed in',
  BAD_NAME: 'That name cannot be used',
  NAME_TAKEN: 'That name is taken',
  BAD_CREDENTIALS: 'Wrong name or password',
  BAD_PASSWORD: 'A password has 8 to 256 characters',
  SIGNED_OUT: 'This session was signed out: sign in again · Αποσυνδεθήκατε: συνδεθείτε ξανά',
  UNKNOWN_SESSION: 'No such session · Δεν υπάρχει τέτοια σύνδεση',
  ADDRESS_LIMIT: 'Too many from your address: try again later · Πάρα πολλά από τη διεύθυνσή σας: δοκιμάστε αργότερα',
  TABLE_LIMIT: 'Too many open tables: leave one first · Πάρα πολλά ανοιχτά τραπέζια: αφήστε ένα πρώτα',
  SESSION_EXPIRED: 'Your session has expired',
  UNKNOWN_TABLE: 'No such table',
  BAD_RULES: 'Those rules or options are not accepted',
  SEAT_TAKEN: 'That seat is taken',
  NOT_YOUR_SEAT: 'That is not your seat',
  NOT_AT_TABLE: 'You are not at that table',
  NO_MATCH: 'No match is being played',
  NOT_YOUR_TURN: 'It is not your turn',
  ILLEGAL_MOVE: 'That move is not allowed',
  BAD_MOVE: 'The server could not read that move',
  CHAT_TOO_LONG: 'That chat message is too long',
  CHAT_RATE_LIMITED: 'Too many chat messages: wait a moment',
  BAD_INVITE: 'Wrong invite code',
  MATCH_IN_PROGRESS: 'Not while a match is in progress',
  STORAGE_UNAVAILABLE: 'The server could not save that: try again',
  TABLE_PAUSED: 'The table is paused: wait for it to resume',
  UNKNOWN_MATCH: 'No such finished match',
  UNKNOWN_PLAYER: 'No such player',
  TABLE_MOVING: 'The table is moving to another server: a moment',
  UNKNOWN_BOT_LEVEL: 'A bot is easy or strong · Ένα bot είναι εύκολο ή δυνατό',
  REGISTERED_ONLY: 'Rated tables are for registered players: register or sign in to an account to play rated',
};

// The headline for an error code; unknown codes are named as sent.
export function errorTitle(code) {
  return TITLES[code] || (code === 'CLIENT' ? '' : `Error ${code}`);
}
