// What the lobby's results panels show, and the requests that fetch it: the player's
// profile (ratings), one leaderboard at a time, and the match history page by page.
// `ask(name, body)` shows any refusal; `onChange()` redraws.

export class Results {
  constructor(ask, onChange) {
    this.ask = ask;
    this.onChange = onChange;
    this.reset();
  }

  // A new player signed in: nothing of the previous one's is kept.
  reset() {
    this.profile = null;
    this.profileStale = true;                      // fetch again when the lobby shows
    this.board = { mode: 'diloti-1v1', entries: null, loading: false };
    this.history = { matches: null, next: '0', loading: false };
    this.panelsStale = false;                      // the open tab's data, likewise
  }

  // A match ended somewhere: ratings, history and leaderboards may have changed.
  markStale() {
    this.profileStale = true;
    this.panelsStale = true;
  }

  // Fetches again what the lobby shows and a match may have changed: the ratings
  // (registered players only) and the open tab's leaderboard or history.
  refreshStale(tab, registered) {
    if (registered && this.profileStale) this.loadProfile();
    if (!this.panelsStale) return;
    this.panelsStale = false;
    if (tab === 'leaderboards') this.loadLeaderboard();
    if (tab === 'matches' || tab === 'profile') this.loadHistory();
  }

  // The profile, and the stored rating history of each mode it is rated in (the graphs).
  async loadProfile() {
    this.profileStale = false;
    try {
      const profile = (await this.ask('get_profile', { account_id: '0' })).profile;
      const histories = await Promise.all((profile.ratings || []).map((r) => this.ask('get_rating_history',
        { account_id: '0', mode: r.mode, limit: 200 }).then((reply) => reply.rating_history)));
      this.profile = { ...profile, histories: Object.fromEntries(histories.map((h) => [h.mode, h])) };
    } catch {
      // ask() has shown the error; fetched again after the next match, not on every redraw.
      this.profile = { failed: true, ratings: [] };
    }
    this.onChange();
  }

  async loadLeaderboard(mode = this.board.mode) {
    this.panelsStale = false;
    this.board = { mode, entries: null, loading: true };
    this.onChange();
    try {
      const reply = await this.ask('get_leaderboard', { mode, limit: 50 });
      if (this.board.mode === mode) this.board = { mode, entries: reply.leaderboard.entries || [], loading: false };
    } catch {
      if (this.board.mode === mode) this.board = { mode, entries: null, loading: false, failed: true };
    }
    this.onChange();
  }

  // `more`: the next (older) page after the matches shown; otherwise the newest page.
  async loadHistory(more = false) {
    if (!more) this.panelsStale = false;
    const before = more ? this.history.next : '0';
    const shown = more ? this.history.matches || [] : [];
    this.history = { matches: more ? shown : null, next: before, loading: true };
    this.onChange();
    try {
      const page = (await this.ask('get_match_history', { account_id: '0', limit: 10, before_match_id: before })).match_history;
      this.history = { matches: [...shown, ...(page.matches || [])], next: page.next_before_match_id, loading: false };
    } catch {
      this.history = { matches: shown, next: before, loading: false, failed: true };
    }
    this.onChange();
  }
}
