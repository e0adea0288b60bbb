// The sign-in screen: play as a guest, or sign in to or register an account. The
// requests go through `signedIn(request, body)`, which shows any refusal.

import { actionButton, el } from './dom.js';

export function signInScreen(signedIn) {
  const guestName = el('input', { id: 'guest-name', name: 'name', required: true, maxlength: 24, autocomplete: 'nickname', placeholder: 'eleni' });
  const guest = el('form', { class: 'panel sign-in', onsubmit: (e) => {
    e.preventDefault();
    signedIn('sign_in_guest', { name: guestName.value.trim() }).catch(() => {});
  } },
  el('h2', {}, 'Play Diloti and Pilotta'),
  el('label', { for: 'guest-name' }, 'Your name'), guestName,
  el('button', { type: 'submit', class: 'primary' }, 'Play as guest'));

  // An account keeps its name; the server asks for a password of at least 8 characters.
  const accountName = el('input', { id: 'account-name', name: 'account', required: true, maxlength: 24, autocomplete: 'username' });
  const password = el('input', { id: 'account-password', name: 'password', type: 'password', required: true, autocomplete: 'current-password' });
  const credentials = () => ({ name: accountName.value.trim(), password: password.value });
  const account = el('form', { class: 'panel sign-in', onsubmit: (e) => {
    e.preventDefault();
    signedIn('sign_in', credentials()).catch(() => {});
  } },
  el('h2', {}, 'Or use an account'),
  el('label', { for: 'account-name' }, 'Account name'), accountName,
  el('label', { for: 'account-password' }, 'Password'), password,
  el('div', { class: 'table-actions' },
    el('button', { type: 'submit' }, 'Sign in'),
    actionButton('Register', () => {
      if (account.reportValidity()) signedIn('register', credentials()).catch(() => {});
    })));
  return el('div', { class: 'lobby' }, guest, account);
}
