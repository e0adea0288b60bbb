// Telling the player it is their turn when they look elsewhere: the tab's title starts
// with "●" and, if they asked for it, a notification while the tab is hidden.

import { preferences } from './preferences.js';
import { t } from './i18n.js';

export class TurnAlert {
  constructor() {
    this.mine = false;
  }

  askPermission() {
    if (globalThis.Notification && Notification.permission === 'default') Notification.requestPermission();
  }

  // `mine`: it is now the player's turn. Returns true when the turn has just come to them.
  update(mine, text, baseTitle) {
    const arrived = mine && !this.mine;
    this.mine = mine;
    document.title = mine ? `● ${text} — ${baseTitle}` : baseTitle;
    if (arrived && preferences.notify && document.hidden && globalThis.Notification
        && Notification.permission === 'granted') {
      new Notification(t('app.title'), { body: text, tag: 'kafenio-turn' });
    }
    return arrived;
  }
}
