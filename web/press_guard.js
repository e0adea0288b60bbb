// A redraw replaces the page's screen, and one that lands between a press and its release
// loses the click: the button pressed is gone, and the browser clicks neither it nor the
// one drawn in its place. Pushed updates are therefore drawn only when no press is under
// way: just after the release (and the click it makes), or after `longestMs` if the
// release never comes (let go outside the window).
export class PressGuard {
  constructor(target, longestMs = 1000) {
    this.down = false;
    this.waiting = [];
    this.timer = null;
    target.addEventListener('pointerdown', () => {
      this.down = true;
      clearTimeout(this.timer);
      this.timer = setTimeout(() => this.release(), longestMs);
    }, true);
    // After the click the release makes: that comes in the same task as the release.
    const released = () => { if (this.down) setTimeout(() => this.release(), 0); };
    target.addEventListener('pointerup', released, true);
    target.addEventListener('pointercancel', released, true);
  }

  release() {
    this.down = false;
    clearTimeout(this.timer);
    const waiting = this.waiting;
    this.waiting = [];
    waiting.forEach((run) => run());
  }

  // Runs `run` now, or once the press under way is over.
  whenFree(run) {
    if (this.down) this.waiting.push(run);
    else run();
  }
}
