// The console's words in English and Greek. The page's elements name theirs with
// data-t; scripts ask t(key). Words the player's site already says (games, rating modes,
// rules, report categories) come from its catalogues, so both say them alike.
import { MESSAGES_EN } from '../messages_en.js';
import { MESSAGES_EL } from '../messages_el.js';
import { localeOf } from '../i18n.js';

const PLAYER_WORDS = { en: MESSAGES_EN, el: MESSAGES_EL };

export const WORDS = {
  en: {
    title: 'Kafenio console', signIn: 'Sign in', logout: 'Sign out', name: 'Name',
    password: 'Password', code: 'Code (authenticator)', dashboard: 'Dashboard',
    tables: 'Live tables', game: 'Game', any: 'any', reason: 'Reason', refresh: 'Refresh',
    table: 'Table', players: 'Players', state: 'State', search: 'Search', find: 'Find',
    minutes: 'Minutes (0: for good)', ban: 'Ban', mute: 'Mute', lift: 'Lift', audit: 'Audit log',
    actor: 'Who', action: 'Action', verify: 'Verify the chain', when: 'When', target: 'On what',
    outcome: 'Outcome', pause: 'Pause', resume: 'Resume', close: 'Close', paused: 'paused',
    playing: 'match in play', waiting: 'waiting', reasonNeeded: 'Write a reason first.',
    intact: 'The audit log is intact: {n} entries (anchor {anchor}).',
    broken: 'The audit log is BROKEN at entry {id}: {problem}', done: 'Done.',
    connections: 'Connections', openTables: 'Open tables', liveMatches: 'Live matches',
    moves: 'Moves', errors: 'Errors', storageErrors: 'Storage errors', language: 'Ελληνικά',
    announcement: 'Announcement to every player', text: 'Text', send: 'Send',
    sentTo: 'Sent to {n} connections.',
    history: 'Last matches', voidMatch: 'Void', voided: 'void', rated: 'rated',
    confirmVoid: 'Void match {id}? Its rating changes are replayed away for good.',
    movesPerSecond: 'Moves per second', errorsPerMinute: 'Errors per minute',
    storageErrorsPerMinute: 'Storage errors per minute', commitsPerSecond: 'Storage commits per second',
    latency: 'Move latency p50 / p99 (ms)',
    commitLatency: 'Storage commit p50 / p99 (ms)', storageQueue: 'Writes queued for storage',
    tournaments: 'Tournaments running / registering',
    window: 'Rates over the last {s} s.', noWindow: 'Rates appear from the next refresh.',
    watch: 'Watch', watching: 'Watching', stopWatching: 'Stop watching',
    reveal: 'Reveal the hands', noMatch: 'No match in play.', watchEnded: 'The table you watched has closed.', seat: 'Seat {n}',
    reports: "Players' reports", reportsActive: 'open or claimed', reportsResolved: 'resolved',
    reportsAll: 'all', reportNote: 'Note', newName: 'Rename to', claim: 'Claim', dismiss: 'Dismiss',
    rename: 'Rename', reportLine: '#{id} {category}: {reporter} reported {reported}',
    reportState: '{state} {by}', noReports: 'No reports.', noteNeeded: 'Write a note first.',
    filterRated: 'Rating', ratedOnly: 'rated', unratedOnly: 'unrated', filterPrivate: 'Access',
    privateOnly: 'private', publicOnly: 'public', filterLive: 'Match', noLiveMatch: 'no match in play',
    tablePlayer: 'Player (name)',
    tableTournament: 'Tournament (id)', tourTitle: 'Tournaments', tourEntrants: 'Entrants', tourPlayer: 'Player',
    tourPartner: 'Partner (pairs)', tourEntrant: 'Entrant number',
    tourPairing: 'Pairing (1-3, 2-4; byes)', tourStart: 'Start', tourAdd: 'Add entrant',
    tourBot: 'Add a bot', tourRemove: 'Remove', tourDisqualify: 'Disqualify',
    tourReplace: 'Replace the pairing', tourEnd: 'End early', tourRounds: 'Rounds',
    tourStandings: 'Standings', tourPlace: 'Place', tourPoints: 'Points', tourRecord: 'W/D/L',
    tourOpen: 'Open', tourNone: 'No tournaments in your scope.', tourByHand: 'paired by hand',
    tourState_registering: 'registering', tourState_running: 'running', tourState_finished: 'finished',
    tourStatus_registered: 'in', tourStatus_withdrawn: 'withdrawn', tourStatus_disqualified: 'disqualified',
    tourStateLine: '{state} · {game} · {format} · round {round} · director {director}',
    tourRoundLine: 'Round {round}: {tables}; bye: {byes}',
    tourEntrantNeeded: 'Type the entrant number first.',
    tourPairingFormat: 'Write the pairing as 1-3, 2-4; 5 (tables, then the byes after the semicolon).',
    kick: 'Kick {name}', botHolding: 'a bot plays',
    confirmKick: 'Remove {name} from the table? A bot plays their seat to the end.',
    revokeSessions: 'Sign out everywhere', confirmRevoke: 'Sign {name} out of every session?',
    nameNeeded: 'Type the new name first.', ratings: 'Ratings', mode: 'Mode', rating: 'Rating',
    matchCount: 'Matches', sessions: 'Sessions', sessionMade: 'Signed in', sessionSeen: 'Last seen',
    address: 'Address', program: 'Program',
    staffTitle: 'Staff', role: 'Role', scope: 'Tournaments (director: * or ids)', withTotp: 'Second factor',
    staffCreate: 'Create', role_owner: 'owner', role_admin: 'admin', role_moderator: 'moderator',
    role_director: 'director', staffEnabled: 'active', staffDisabled: 'disabled', staffHasTotp: 'second factor',
    staffSetRole: 'Set role', staffDisable: 'Disable', staffEnable: 'Enable',
    staffResetTotp: 'New second factor',
    confirmDisable: 'Disable {name}? Their sessions end now and they cannot sign in.',
    staffSecret: 'Authenticator secret for {name} (shown once): {secret} — {uri}',
    staffSetPassword: 'Set password', passwordNeeded: 'Type the new password in the form above first.',
    confirmSetPassword: 'Give {name} the password typed above? Their sessions end now.',
    ownPassword: 'Your password', currentPassword: 'Current password',
    newPassword: 'New password (10 to 200 bytes)', newPasswordAgain: 'Again', changePassword: 'Change',
    passwordsDiffer: 'The two new passwords differ.',
    passwordChanged: 'Password changed; your other sessions have ended.',
    privateTable: 'private', reportState_open: 'open', reportState_claimed: 'claimed by',
    reportState_resolved: 'resolved by', reportAction_mute: 'muted', reportAction_ban: 'banned',
    reportAction_rename: 'renamed', reportAction_dismiss: 'dismissed', matchState_live: 'in play',
    matchState_finished: 'finished', matchState_abandoned: 'abandoned',
  },
  el: {
    title: 'Κονσόλα Kafenio', signIn: 'Σύνδεση', logout: 'Αποσύνδεση', name: 'Όνομα',
    password: 'Κωδικός', code: 'Κωδικός εφαρμογής (TOTP)', dashboard: 'Επισκόπηση',
    tables: 'Ζωντανά τραπέζια', game: 'Παιχνίδι', any: 'όλα', reason: 'Αιτία',
    refresh: 'Ανανέωση', table: 'Τραπέζι', players: 'Παίκτες', state: 'Κατάσταση',
    search: 'Αναζήτηση', find: 'Εύρεση', minutes: 'Λεπτά (0: για πάντα)', ban: 'Αποκλεισμός',
    mute: 'Σίγαση', lift: 'Άρση', audit: 'Αρχείο ελέγχου', actor: 'Ποιος', action: 'Ενέργεια',
    verify: 'Έλεγχος αλυσίδας', when: 'Πότε', target: 'Σε τι', outcome: 'Αποτέλεσμα',
    pause: 'Παύση', resume: 'Συνέχεια', close: 'Κλείσιμο', paused: 'σε παύση',
    playing: 'παρτίδα σε εξέλιξη', waiting: 'σε αναμονή', reasonNeeded: 'Γράψτε πρώτα την αιτία.',
    intact: 'Το αρχείο ελέγχου είναι ακέραιο: {n} εγγραφές (άγκυρα {anchor}).',
    broken: 'Το αρχείο ελέγχου ΕΧΕΙ ΑΛΛΟΙΩΘΕΙ στην εγγραφή {id}: {problem}', done: 'Έγινε.',
    connections: 'Συνδέσεις', openTables: 'Ανοιχτά τραπέζια', liveMatches: 'Παρτίδες σε εξέλιξη',
    moves: 'Κινήσεις', errors: 'Σφάλματα', storageErrors: 'Σφάλματα αποθήκευσης',
    language: 'English',
    announcement: 'Ανακοίνωση προς όλους τους παίκτες', text: 'Κείμενο', send: 'Αποστολή',
    sentTo: 'Στάλθηκε σε {n} συνδέσεις.',
    history: 'Τελευταίες παρτίδες', voidMatch: 'Ακύρωση', voided: 'άκυρη', rated: 'βαθμολογημένη',
    confirmVoid: 'Ακύρωση της παρτίδας {id}; Οι αλλαγές βαθμολογίας της αναιρούνται οριστικά.',
    movesPerSecond: 'Κινήσεις ανά δευτερόλεπτο', errorsPerMinute: 'Σφάλματα ανά λεπτό',
    storageErrorsPerMinute: 'Σφάλματα αποθήκευσης ανά λεπτό',
    commitsPerSecond: 'Εγγραφές αποθήκευσης ανά δευτερόλεπτο',
    latency: 'Καθυστέρηση κίνησης p50 / p99 (ms)',
    commitLatency: 'Εγγραφή στη βάση p50 / p99 (ms)', storageQueue: 'Εγγραφές σε αναμονή',
    tournaments: 'Τουρνουά σε εξέλιξη / σε εγγραφές',
    window: 'Ρυθμοί στα τελευταία {s} δευτερόλεπτα.', noWindow: 'Οι ρυθμοί εμφανίζονται με την επόμενη ανανέωση.',
    watch: 'Παρακολούθηση', watching: 'Παρακολούθηση τραπεζιού', stopWatching: 'Τέλος παρακολούθησης',
    reveal: 'Αποκάλυψη των χαρτιών', noMatch: 'Δεν παίζεται παρτίδα.', watchEnded: 'Το τραπέζι που παρακολουθούσατε έκλεισε.', seat: 'Θέση {n}',
    reports: 'Αναφορές παικτών', reportsActive: 'ανοιχτές ή αναληφθείσες', reportsResolved: 'κλεισμένες',
    reportsAll: 'όλες', reportNote: 'Σημείωση', newName: 'Νέο ψευδώνυμο', claim: 'Ανάληψη', dismiss: 'Απόρριψη',
    rename: 'Μετονομασία', reportLine: '#{id} {category}: ο/η {reporter} ανέφερε τον/την {reported}',
    reportState: '{state} {by}', noReports: 'Καμία αναφορά.', noteNeeded: 'Γράψτε πρώτα μια σημείωση.',
    filterRated: 'Βαθμολογία', ratedOnly: 'βαθμολογημένα', unratedOnly: 'φιλικά', filterPrivate: 'Πρόσβαση',
    privateOnly: 'ιδιωτικά', publicOnly: 'δημόσια', filterLive: 'Παρτίδα', noLiveMatch: 'χωρίς παρτίδα',
    tablePlayer: 'Παίκτης (ψευδώνυμο)',
    tableTournament: 'Τουρνουά (αριθμός)', tourTitle: 'Τουρνουά', tourEntrants: 'Συμμετοχές', tourPlayer: 'Παίκτης',
    tourPartner: 'Συμπαίκτης (ζευγάρια)', tourEntrant: 'Αριθμός συμμετοχής',
    tourPairing: 'Ζευγαρώματα (1-3, 2-4; ρεπό)', tourStart: 'Έναρξη', tourAdd: 'Προσθήκη συμμετοχής',
    tourBot: 'Προσθήκη bot', tourRemove: 'Αφαίρεση', tourDisqualify: 'Αποκλεισμός από το τουρνουά',
    tourReplace: 'Αντικατάσταση ζευγαρωμάτων', tourEnd: 'Πρόωρη λήξη', tourRounds: 'Γύροι',
    tourStandings: 'Κατάταξη', tourPlace: 'Θέση', tourPoints: 'Βαθμοί', tourRecord: 'Ν/Ι/Η',
    tourOpen: 'Άνοιγμα', tourNone: 'Κανένα τουρνουά στην αρμοδιότητά σας.', tourByHand: 'ζευγαρώθηκε με το χέρι',
    tourState_registering: 'σε εγγραφές', tourState_running: 'σε εξέλιξη', tourState_finished: 'ολοκληρώθηκε',
    tourStatus_registered: 'μέσα', tourStatus_withdrawn: 'αποχώρησε', tourStatus_disqualified: 'αποκλείστηκε',
    tourStateLine: '{state} · {game} · {format} · γύρος {round} · διευθυντής {director}',
    tourRoundLine: 'Γύρος {round}: {tables}· ρεπό: {byes}',
    tourEntrantNeeded: 'Γράψτε πρώτα τον αριθμό συμμετοχής.',
    tourPairingFormat: 'Γράψτε τα ζευγαρώματα ως 1-3, 2-4; 5 (τα τραπέζια, και μετά το ερωτηματικό τα ρεπό).',
    kick: 'Απομάκρυνση: {name}', botHolding: 'παίζει bot',
    confirmKick: 'Απομάκρυνση του/της {name} από το τραπέζι; Ένα bot παίζει τη θέση ως το τέλος.',
    revokeSessions: 'Αποσύνδεση παντού', confirmRevoke: 'Αποσύνδεση του/της {name} από όλες τις συνεδρίες;',
    nameNeeded: 'Γράψτε πρώτα το νέο ψευδώνυμο.', ratings: 'Βαθμολογίες', mode: 'Κατηγορία',
    rating: 'Βαθμολογία', matchCount: 'Παρτίδες', sessions: 'Συνεδρίες', sessionMade: 'Σύνδεση',
    sessionSeen: 'Τελευταία φορά', address: 'Διεύθυνση', program: 'Πρόγραμμα',
    staffTitle: 'Προσωπικό', role: 'Ρόλος', scope: 'Τουρνουά (διευθυντής: * ή αριθμοί)',
    withTotp: 'Δεύτερος παράγοντας', staffCreate: 'Δημιουργία', role_owner: 'ιδιοκτήτης',
    role_admin: 'διαχειριστής', role_moderator: 'συντονιστής', role_director: 'διευθυντής τουρνουά',
    staffEnabled: 'ενεργός', staffDisabled: 'απενεργοποιημένος', staffHasTotp: 'δεύτερος παράγοντας',
    staffSetRole: 'Ορισμός ρόλου', staffDisable: 'Απενεργοποίηση', staffEnable: 'Ενεργοποίηση',
    staffResetTotp: 'Νέος δεύτερος παράγοντας',
    confirmDisable: 'Απενεργοποίηση του/της {name}; Οι συνεδρίες τελειώνουν τώρα και η σύνδεση απαγορεύεται.',
    staffSecret: 'Μυστικό εφαρμογής για {name} (εμφανίζεται μία φορά): {secret} — {uri}',
    staffSetPassword: 'Ορισμός κωδικού', passwordNeeded: 'Γράψτε πρώτα τον νέο κωδικό στη φόρμα.',
    confirmSetPassword: 'Να πάρει ο/η {name} τον κωδικό που γράψατε; Οι συνδέσεις του/της λήγουν τώρα.',
    ownPassword: 'Ο κωδικός σας', currentPassword: 'Τρέχων κωδικός',
    newPassword: 'Νέος κωδικός (10 έως 200 bytes)', newPasswordAgain: 'Ξανά', changePassword: 'Αλλαγή',
    passwordsDiffer: 'Οι δύο νέοι κωδικοί διαφέρουν.',
    passwordChanged: 'Ο κωδικός άλλαξε· οι άλλες συνδέσεις σας έληξαν.',
    privateTable: 'ιδιωτικό', reportState_open: 'ανοιχτή', reportState_claimed: 'την ανέλαβε',
    reportState_resolved: 'την έκλεισε', reportAction_mute: 'σίγαση', reportAction_ban: 'αποκλεισμός',
    reportAction_rename: 'μετονομασία', reportAction_dismiss: 'απορρίφθηκε', matchState_live: 'σε εξέλιξη',
    matchState_finished: 'ολοκληρώθηκε', matchState_abandoned: 'εγκαταλείφθηκε',
  },
};

let language = (localStorage.getItem('kafenio-console-language') ||
  (navigator.language || 'en').slice(0, 2)) === 'el' ? 'el' : 'en';

export function t(key, values = {}) {
  const text = WORDS[language][key] ?? PLAYER_WORDS[language][key] ?? WORDS.en[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (_, name) => String(values[name] ?? ''));
}

// The console's language: "en" or "el".
export function consoleLanguage() {
  return language;
}

// A BCP 47 locale for dates in the chosen language.
export function locale() {
  return localeOf(language);
}

export function translatePage() {
  document.documentElement.lang = language;
  for (const element of document.querySelectorAll('[data-t]')) {
    element.textContent = t(element.dataset.t);
  }
  document.getElementById('language').textContent = t('language');
}

export function toggleLanguage() {
  language = language === 'el' ? 'en' : 'el';
  localStorage.setItem('kafenio-console-language', language);
  translatePage();
}
