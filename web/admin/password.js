// The signed-in staff member's own password (docs/admin.md, "Passwords"), for every role:
// the current one, the new one twice. The server checks the current one under the sign-in
// limits and ends the member's other sessions; this one goes on.
import { t } from './i18n.js';

const $ = (selector) => document.querySelector(selector);

// `api(method, path, body)` and `show(message)` are the console's (console.js).
export function ownPassword({ api, show }) {
  const form = $('#own-password');
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const { current, password, again } = form.elements;
    try {
      if (password.value !== again.value) throw new Error(t('passwordsDiffer'));
      await api('POST', 'me/password', { current: current.value, password: password.value });
      form.reset();
      show(t('passwordChanged'));
    } catch (error) {
      show(error.message);
    }
  });
}
