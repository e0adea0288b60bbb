// Follows a match's events for the fair-deal check: what was committed and dealt when
// each hand started, then, when the hand ends and the server reveals its seed, checks
// it with fairness.js and hands the outcome to `onChecked(handNumber, {status, text})`.

import { verifyHand } from './fairness.js';
import { t } from './i18n.js';

export class DealChecks {
  constructor(onChecked) {
    this.onChecked = onChecked;
    this.hands = new Map(); // hand number → what was seen at its start
  }

  reset() {
    this.hands.clear();
  }

  // The hands not yet checked, as plain data for session storage, and back.
  save() {
    return [...this.hands];
  }

  restore(saved) {
    this.hands = new Map(saved || []);
  }

  // `game` is "pilotta" or "diloti", `view` the receiver's view after the event.
  observe(event, game, view) {
    if (!view) return;
    if (event.hand_started) {
      const started = event.hand_started;
      const seated = view.viewer >= 0;
      this.hands.set(started.hand_number, {
        commitment: started.seed_commitment || '',
        dealer: started.dealer,
        viewer: view.viewer,
        dealt: seated ? [...(view.hand || [])] : null,
        table: game === 'diloti' ? [...(view.loose || [])] : (view.turned ? [view.turned] : []),
      });
    } else if (event.snapshot && !this.hands.has(view.hand_number)) {
      // Joined mid-hand: the commitment is known, the first cards are not.
      this.hands.set(view.hand_number, {
        commitment: event.snapshot.seed_commitment || '', dealer: view.dealer,
        viewer: view.viewer, dealt: null, table: null,
      });
    }
    if (event.hand_ended) this.check(event, game, view);
  }

  check(event, game, view) {
    const ended = event.hand_ended;
    const number = ended.result ? ended.result.number : 0;
    if (!number) return;
    const seen = this.hands.get(number) || { commitment: '', dealer: ended.dealer, viewer: view.viewer, dealt: null, table: null };
    this.hands.delete(number);
    verifyHand({
      ...seen,
      game,
      preset: String(view.rules || '').split(' ')[0],
      players: (view.hand_sizes || []).length,
      matchId: event.match_id,
      number,
      seed: ended.seed || '',
      salt: ended.salt || '',
      revealedCommitment: ended.seed_commitment || '',
      dealer: Number.isInteger(ended.dealer) ? ended.dealer : seen.dealer,
    }).then((outcome) => this.onChecked(number, outcome),
      (error) => this.onChecked(number, { status: 'warning', text: t('fair.checkFailed', { error: error.message }) }));
  }
}
