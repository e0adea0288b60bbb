// The tournament pages' words in English and Greek, in the language the player chose for
// the whole client (i18n.js: the header's language button, remembered in localStorage).
// Kept in their own table beside the client's catalogues.

import { language } from './i18n.js';

export { language };

const WORDS = {
  tournaments: ['Tournaments', 'Τουρνουά'],
  upcoming: ['Upcoming', 'Προσεχή'],
  running: ['Running', 'Σε εξέλιξη'],
  finished: ['Finished', 'Ολοκληρωμένα'],
  none: ['No events here yet.', 'Κανένα τουρνουά ακόμα.'],
  open: ['Open', 'Άνοιγμα'],
  back: ['Back to the list', 'Πίσω στη λίστα'],
  newEvent: ['New tournament', 'Νέο τουρνουά'],
  guestsCannotCreate: ['Register to create or enter tournaments.', 'Εγγραφείτε για να δημιουργήσετε ή να μπείτε σε τουρνουά.'],
  name: ['Name', 'Όνομα'],
  game: ['Game', 'Παιχνίδι'],
  preset: ['Rules preset', 'Κανόνες'],
  options: ['Rule options (KEY=VALUE, comma separated)', 'Επιλογές κανόνων (ΚΛΕΙΔΙ=ΤΙΜΗ, με κόμμα)'],
  seats: ['Players per table', 'Παίκτες ανά τραπέζι'],
  format: ['Format', 'Σύστημα'],
  swiss: ['Swiss', 'Ελβετικό'],
  round_robin: ['Round robin', 'Όλοι με όλους'],
  single_elimination: ['Single elimination', 'Νοκ-άουτ'],
  double_elimination: ['Double elimination', 'Διπλό νοκ-άουτ'],
  pools_knockout: ['Pools, then knockout', 'Όμιλοι και νοκ-άουτ'],
  swissRounds: ['Swiss rounds', 'Γύροι (ελβετικό)'],
  cycles: ['Round robin cycles', 'Κύκλοι'],
  thirdPlace: ['Third-place match', 'Μικρός τελικός'],
  reset: ['Grand final reset', 'Επανάληψη μεγάλου τελικού'],
  pools: ['Pools', 'Όμιλοι'],
  qualifiers: ['Qualifiers per pool', 'Προκρίνονται ανά όμιλο'],
  target: ['Target', 'Στόχος'],
  hands: ['Or a fixed number of hands', 'Ή σταθερός αριθμός χεριών'],
  knockoutTarget: ['Knockout target (0: same)', 'Στόχος νοκ-άουτ (0: ίδιος)'],
  finalTarget: ['Final target (0: same)', 'Στόχος τελικού (0: ίδιος)'],
  timeLimit: ['Round time limit, minutes (0: none)', 'Όριο χρόνου γύρου, λεπτά (0: κανένα)'],
  duplicate: ['Duplicate deals', 'Ίδιες μοιρασιές (duplicate)'],
  noShowGrace: ['No-show forfeit after, minutes (0: the seat waits)', 'Μηδενισμός απόντα μετά από, λεπτά (0: η θέση περιμένει)'],
  botLevel: ['Bot entrants', 'Συμμετέχοντες bots'],
  botEasy: ['easy', 'εύκολα'],
  botStrong: ['strong', 'δυνατά'],
  addBot: ['Add a bot entrant', 'Προσθήκη bot'],
  seeding: ['Seeding', 'Κατάταξη'],
  byRating: ['By rating', 'Με βαθμολογία'],
  random: ['Random (published seed)', 'Τυχαία (δημοσιευμένος σπόρος)'],
  manual: ['By hand', 'Χειροκίνητα'],
  tieBreaks: ['Tie-breaks, in order', 'Ισοβαθμίες, με σειρά'],
  byeScore: ['A bye scores', 'Το ρεπό μετρά'],
  absentScore: ['A missed round scores', 'Χαμένος γύρος μετρά'],
  win: ['a win', 'νίκη'],
  half: ['half', 'μισό'],
  nothing: ['nothing', 'τίποτα'],
  limit: ['Registration limit (0: none)', 'Όριο συμμετοχών (0: κανένα)'],
  rated: ['Rated matches', 'Βαθμολογούμενοι αγώνες'],
  ratedOnly: ['Rated players only', 'Μόνο παίκτες με βαθμολογία'],
  minRating: ['Lowest rating (0: none)', 'Ελάχιστη βαθμολογία (0: καμία)'],
  maxRating: ['Highest rating (0: none)', 'Μέγιστη βαθμολογία (0: καμία)'],
  startsAt: ['Starts at (empty: when the director starts it)', 'Έναρξη (κενό: όταν ξεκινήσει ο διευθυντής)'],
  checkIn: ['Check-in window, minutes before the start (0: none)', 'Check-in, λεπτά πριν την έναρξη (0: όχι)'],
  lateEntry: ['Late entry until round (0: none)', 'Καθυστερημένη είσοδος έως τον γύρο (0: όχι)'],
  forbidden: ['Forbidden pairs (entrant numbers, e.g. 1-2, 3-4)', 'Απαγορευμένα ζεύγη (αριθμοί, π.χ. 1-2, 3-4)'],
  create: ['Create', 'Δημιουργία'],
  entrants: ['Entrants', 'Συμμετέχοντες'],
  invitations: ['Invitations', 'Προσκλήσεις'],
  rounds: ['Rounds', 'Γύροι'],
  round: ['Round', 'Γύρος'],
  standings: ['Standings', 'Βαθμολογία'],
  bracket: ['Bracket', 'Ταμπλό'],
  place: ['Place', 'Θέση'],
  entrant: ['Entrant', 'Συμμετέχων'],
  played: ['Played', 'Αγώνες'],
  bye: ['bye', 'ρεπό'],
  byHand: ['paired by the director', 'ζευγάρωμα από τον διευθυντή'],
  playing: ['playing', 'παίζεται'],
  forfeit: ['forfeit', 'μη προσέλευση'],
  enter: ['Enter', 'Συμμετοχή'],
  partner: ['Partner (a registered player)', 'Συμπαίκτης (εγγεγραμμένος παίκτης)'],
  pairName: ['Pair name (optional)', 'Όνομα ζευγαριού (προαιρετικό)'],
  invite: ['Invite partner', 'Πρόσκληση συμπαίκτη'],
  withdraw: ['Withdraw', 'Αποχώρηση'],
  accept: ['Accept', 'Αποδοχή'],
  decline: ['Decline', 'Άρνηση'],
  invitedYou: ['invites you to play as a pair in', 'σας προσκαλεί ως συμπαίκτη στο'],
  pending: ['waiting for an answer', 'αναμένεται απάντηση'],
  checkInNow: ['Check in', 'Check-in'],
  checkedIn: ['checked in', 'παρών'],
  notCheckedIn: ['not checked in', 'δεν έκανε check-in'],
  checkInOpens: ['Check-in opens', 'Το check-in ανοίγει'],
  director: ['Director', 'Διευθυντής'],
  directorControls: ['Director', 'Διεύθυνση'],
  start: ['Start', 'Έναρξη'],
  endEarly: ['End early', 'Πρόωρη λήξη'],
  addEntrant: ['Add entrant', 'Προσθήκη'],
  player: ['Player', 'Παίκτης'],
  remove: ['Remove', 'Αφαίρεση'],
  disqualify: ['Disqualify', 'Αποκλεισμός'],
  replaceRound: ['Replace the pairing (e.g. 1-2, 3-4; bye 5)', 'Αλλαγή ζευγαρώματος (π.χ. 1-2, 3-4· ρεπό 5)'],
  replace: ['Replace', 'Αλλαγή'],
  status_registered: ['registered', 'εγγεγραμμένος'],
  status_withdrawn: ['withdrawn', 'αποχώρησε'],
  status_disqualified: ['disqualified', 'αποκλείστηκε'],
  state_registering: ['registration', 'εγγραφές'],
  state_running: ['running', 'σε εξέλιξη'],
  state_finished: ['finished', 'ολοκληρώθηκε'],
  pairsEvent: ['fixed pairs', 'σταθερά ζευγάρια'],
  playersEvent: ['players', 'παίκτες'],
  seed: ['seed', 'σπόρος'],
  yourTable: ['Your next table', 'Το επόμενο τραπέζι σας'],
  versus: ['v', 'εναντίον'],
  goToTable: ['Go to the table', 'Στο τραπέζι'],
  watch: ['Watch', 'Παρακολούθηση'],
  record: ['Record', 'Καταγραφή'],
  paused: ['paused', 'σε παύση'],
  pause: ['Pause', 'Παύση'],
  resume: ['Resume', 'Συνέχεια'],
  pauseReason: ['Reason for the pause', 'Λόγος της παύσης'],
  otherEntrant: ['Other entrant no.', 'Αρ. άλλου συμμετέχοντα'],
  forbidPair: ['Keep apart', 'Να μη συναντηθούν'],
  allowPair: ['Allow to meet', 'Να μπορούν να συναντηθούν'],
  rank: ['Seed', 'Σειρά'],
  setRank: ['Set the seed', 'Ορισμός σειράς'],
  keptApart: ['Kept apart', 'Δεν συναντώνται'],
};

// The tie-breaks' names and explanations in Greek (the server sends them in English).
const TIE_BREAKS_EL = {
  match_points: ['Βαθμοί', 'Βαθμοί αγώνων: 1 η νίκη, 1/2 η ισοπαλία, 0 η ήττα· το ρεπό μετρά όπως ορίζει το τουρνουά.'],
  buchholz: ['Buchholz', 'Το άθροισμα των βαθμών όλων των αντιπάλων σας: πόσο δύσκολη ήταν η κλήρωσή σας. Ρεπό ή μη προσέλευση δεν προσθέτουν τίποτα.'],
  buchholz_cut1: ['Buchholz cut-1', 'Buchholz χωρίς τους βαθμούς του πιο αδύναμου αντιπάλου σας (ρεπό ή μη προσέλευση μετρούν ως ο πιο αδύναμος).'],
  sonneborn_berger: ['Sonneborn-Berger', 'Οι βαθμοί των αντιπάλων που νικήσατε, συν το μισό όσων φέρατε ισοπαλία: οι νίκες κατά δυνατών μετρούν περισσότερο.'],
  direct_encounter: ['Μεταξύ τους', 'Οι βαθμοί σας απέναντι σε όσους ισοβαθμείτε στις προηγούμενες στήλες.'],
  score_margin: ['Διαφορά πόντων', 'Οι πόντοι σας μείον των αντιπάλων στους αγώνες που παίξατε (με ίδιες μοιρασιές, στα ίδια φύλλα).'],
  matches_won: ['Νίκες', 'Αγώνες που κερδίσατε, παίζοντας ή λόγω μη προσέλευσης· το ρεπό δεν είναι νίκη.'],
};

// A tie-break column's name and explanation in the chosen language.
export function tieBreakText(column) {
  const greek = TIE_BREAKS_EL[column.key];
  if (language() === 'el' && greek) return { name: greek[0], explanation: greek[1] };
  return { name: column.name, explanation: column.explanation };
}

// The word for `key` in language `code` ("en" or "el"; the key itself when it has none).
// The admin console, which keeps its own choice of language, asks this directly.
export function wordIn(key, code) {
  const words = WORDS[key];
  if (!words) return key;
  return words[code === 'el' ? 1 : 0];
}

// The word for `key` in the chosen language.
export function t(key) {
  return wordIn(key, language());
}
