// Follows a match's events for the fair-deal check: what was committed and dealt when each
// hand started, then, when the hand ends and the server reveals its seed, checks it with
// verifyHand and hands the outcome to `onChecked(handNumber, outcome)`.
import type { GameView, MatchEvent } from '../gen/kafenio/v1/kafenio_pb.js';
import { verifyHand } from './fairness.js';
import type { FairnessOutcome } from './fairness.js';

interface Seen {
  commitment: string;
  dealer: number;
  viewer: number;
  dealt: string[] | null;
  table: string[] | null;
}

export class DealChecks {
  private hands = new Map<number, Seen>(); // hand number → what was seen at its start

  constructor(private readonly onChecked: (hand: number, outcome: FairnessOutcome) => void) {}

  reset(): void {
    this.hands.clear();
  }

  // The hands not yet checked, as plain data (for storage), and back.
  save(): [number, Seen][] {
    return [...this.hands];
  }

  restore(saved: [number, Seen][] | undefined): void {
    this.hands = new Map(saved ?? []);
  }

  // `view` is the receiver's view after the event (the client's matchEvent carries it).
  observe(event: MatchEvent, view: GameView | undefined): void {
    if (!view || view.game.case === undefined) return;
    const v = view.game.value;
    const kind = event.kind;
    if (kind.case === 'handStarted') {
      const seated = v.viewer >= 0;
      let table: string[];
      if (view.game.case === 'diloti') table = [...view.game.value.loose];
      else table = view.game.value.turned ? [view.game.value.turned] : [];
      this.hands.set(kind.value.handNumber, {
        commitment: kind.value.seedCommitment, dealer: kind.value.dealer, viewer: v.viewer,
        dealt: seated ? [...v.hand] : null, table,
      });
    } else if (kind.case === 'snapshot' && !this.hands.has(v.handNumber)) {
      // Joined mid-hand: the commitment is known, the first cards are not.
      this.hands.set(v.handNumber, { commitment: kind.value.seedCommitment, dealer: v.dealer, viewer: v.viewer, dealt: null, table: null });
    }
    if (kind.case === 'handEnded') this.check(event, kind.value, view);
  }

  private check(event: MatchEvent, ended: Extract<MatchEvent['kind'], { case: 'handEnded' }>['value'], view: GameView): void {
    const number = ended.result?.number ?? 0;
    if (!number) return;
    const v = view.game.value!;
    const seen = this.hands.get(number) ?? { commitment: '', dealer: ended.dealer, viewer: v.viewer, dealt: null, table: null };
    this.hands.delete(number);
    verifyHand({
      ...seen,
      game: view.game.case!,
      preset: v.rules.split(' ')[0],
      players: v.handSizes.length,
      matchId: event.matchId,
      number,
      seed: ended.seed,
      salt: ended.salt,
      revealedCommitment: ended.seedCommitment,
      dealer: ended.dealer,
    }).then((outcome) => this.onChecked(number, outcome),
      (error: Error) => this.onChecked(number, {
        status: 'warning', reason: 'checkFailed', text: `deal check failed: ${error.message}`, error: error.message,
      }));
  }
}
