// The sign-in screen: play as a guest, or sign in to or register an account. The
// requests go through `signedIn(request, body, remember)`, which shows any refusal.
// Names may be in any script (Greek included): the server's name rule decides.
// "Stay signed in" keeps the session across tabs and restarts (localStorage); without it
// the session ends with the tab.

import { actionButton, el } from './dom.js';
import { t } from './i18n.js';

export function signInScreen(signedIn, rememberDefault = false) {
  const remember = el('input', { type: 'checkbox', name: 'remember', id: 'remember', checked: rememberDefault });
  const stay = () => remember.checked;
  const guestName = el('input', { id: 'guest-name', name: 'name', required: true, maxlength: 24, autocomplete: 'nickname',
    placeholder: t('signIn.namePlaceholder'), spellcheck: 'false' });
  const guest = el('form', { class: 'panel sign-in', onsubmit: (e) => {
    e.preventDefault();
    signedIn('sign_in_guest', { name: guestName.value.trim() }, stay()).catch(() => {});
  } },
  el('h2', {}, t('signIn.title')),
  el('label', { for: 'guest-name' }, t('signIn.yourName')), guestName,
  el('p', { class: 'hint' }, t('signIn.nameHint')),
  el('button', { type: 'submit', class: 'primary' }, t('signIn.guest')));

  // An account keeps its name; the server asks for a password of at least 8 characters.
  const accountName = el('input', { id: 'account-name', name: 'account', required: true, maxlength: 24, autocomplete: 'username' });
  const password = el('input', { id: 'account-password', name: 'password', type: 'password', required: true, autocomplete: 'current-password' });
  const credentials = () => ({ name: accountName.value.trim(), password: password.value });
  const account = el('form', { class: 'panel sign-in', onsubmit: (e) => {
    e.preventDefault();
    signedIn('sign_in', credentials(), stay()).catch(() => {});
  } },
  el('h2', {}, t('signIn.accountTitle')),
  el('label', { for: 'account-name' }, t('signIn.accountName')), accountName,
  el('label', { for: 'account-password' }, t('signIn.password')), password,
  el('div', { class: 'table-actions' },
    el('button', { type: 'submit' }, t('signIn.signIn')),
    actionButton(t('signIn.register'), () => {
      if (account.reportValidity()) signedIn('register', credentials(), stay()).catch(() => {});
    })));
  return el('div', { class: 'lobby' }, guest, account,
    el('label', { class: 'check remember', for: 'remember' }, remember, ' ', t('signIn.remember')));
}
