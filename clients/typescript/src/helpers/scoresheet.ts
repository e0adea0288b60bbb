// The score sheet model: one row per finished hand, from each view's `lastResult` (the
// server fills it with the breakdown per team and the record's "hand N ..." line), and
// under each hand what the fair-deal check found. A UI draws `rows()` as it likes.
import { HandResultSchema } from '../gen/kafenio/v1/kafenio_pb.js';
import type { HandResult } from '../gen/kafenio/v1/kafenio_pb.js';
import type { Game } from './cards.js';
import type { FairnessOutcome } from './fairness.js';

type Column = [field: keyof HandResult, label: string];
const PILOTTA_COLUMNS: Column[] = [
  ['tricks', 'tricks'], ['cardPoints', 'card points'], ['declarations', 'declarations'],
  ['belote', 'belote'], ['points', 'points'], ['score', 'score'], ['totals', 'totals'],
];
const DILOTI_COLUMNS: Column[] = [
  ['capturedCards', 'cards'], ['xeri', 'xeri'], ['mostCards', 'most cards'], ['tenDiamonds', '10♦'],
  ['twoClubs', '2♣'], ['aces', 'aces'], ['score', 'score'], ['totals', 'totals'],
];

// One figure of a hand per team. `name` is the .proto's field name (`card_points`), for a
// translated UI to look its word up by; `label` is the English one.
export interface ScoreLine {
  field: string;
  name: string;
  label: string;
  values: number[];
}

export interface ScoreRow {
  number: number;
  annulled: boolean;
  made: boolean; // Pilotta: the contract was made
  lines: ScoreLine[]; // the game's figures the server filled in
  totals: number[]; // per team, after this hand
  score: number[]; // per team, this hand's
  line: string; // the record's "hand N ..." line
  fairness: FairnessOutcome;
}

// A hand's breakdown: the game's figures that have values, in the sheet's order.
export function handBreakdown(result: HandResult, game: Game): ScoreLine[] {
  const columns = game === 'diloti' ? DILOTI_COLUMNS : PILOTTA_COLUMNS;
  return columns
    .filter(([field]) => ((result[field] as number[] | undefined) ?? []).length > 0)
    .map(([field, label]) => ({
      field, name: HandResultSchema.field[field as keyof typeof HandResultSchema.field].name, label, values: [...(result[field] as number[])],
    }));
}

export class ScoreSheet {
  private results = new Map<number, HandResult>();
  private fairness = new Map<number, FairnessOutcome>();

  reset(): void {
    this.results.clear();
    this.fairness.clear();
  }

  // Takes a hand's result (a view's lastResult, or hand_ended.result).
  record(result: HandResult | undefined): void {
    if (result && result.number > 0 && result.line) this.results.set(result.number, result);
  }

  setFairness(number: number, check: FairnessOutcome): void {
    this.fairness.set(number, check);
  }

  // A hand whose end this client did not see (it joined later) cannot be checked.
  fairnessOf(number: number): FairnessOutcome {
    return this.fairness.get(number) ?? { status: 'unchecked', reason: 'unchecked', text: 'deal not checked: the hand ended before you joined' };
  }

  // The hands, newest first, with the columns of the game that have values.
  rows(game: Game): ScoreRow[] {
    return [...this.results.values()].sort((a, b) => b.number - a.number).map((result) => ({
      number: result.number,
      annulled: result.annulled,
      made: result.made,
      lines: handBreakdown(result, game),
      totals: [...(result.totals ?? [])],
      score: [...(result.score ?? [])],
      line: result.line,
      fairness: this.fairnessOf(result.number),
    }));
  }

  // Plain data for storage (the results in binary protobuf would do as well), and back.
  save(): { results: [number, HandResult][]; fairness: [number, FairnessOutcome][] } {
    return { results: [...this.results], fairness: [...this.fairness] };
  }

  restore(saved: ReturnType<ScoreSheet['save']> | undefined): void {
    if (!saved) return;
    this.results = new Map(saved.results);
    this.fairness = new Map(saved.fairness);
  }
}
