// Private tables: the creator is shown one invite ("TABLE-CODE": the table id and the
// server's invite code, so a friend needs to be sent only one thing), and the lobby has a
// field to join with it.

import { actionButton, el } from './dom.js';
import { t } from './i18n.js';

const INVITE = /^\s*([0-9a-z]+)-([0-9a-z]+)\s*$/i;

// "31e0ea2a26-8f3a12bc" → { tableId, code, text }, or null when it is not one.
export function parseInvite(text) {
  const match = INVITE.exec(text || '');
  return match ? { tableId: match[1], code: match[2], text: `${match[1]}-${match[2]}` } : null;
}

export function inviteForm(onJoin, showError) {
  const input = el('input', { id: 'invite-code', name: 'invite', autocomplete: 'off', spellcheck: 'false', placeholder: '31e0ea2a26-8f3a12bc' });
  return el('form', { class: 'invite-join', onsubmit: (e) => {
    e.preventDefault();
    const invite = parseInvite(input.value);
    if (!invite) {
      showError(new Error(t('invite.notACode')));
      return;
    }
    onJoin(invite);
  } },
  el('label', { for: 'invite-code' }, t('invite.label')),
  el('div', { class: 'inline' }, input, el('button', { type: 'submit' }, t('invite.join'))));
}

// Shown to the creator of a private table: the invite, selectable, and a copy button.
export function invitePanel(invite, showError) {
  const field = el('input', { class: 'invite-code', readonly: true, value: invite, 'aria-label': t('invite.code'), onfocus: (e) => e.target.select() });
  const status = el('span', { class: 'copied', role: 'status' });
  return el('div', { class: 'invite' },
    el('span', {}, t('invite.private')), field,
    actionButton(t('invite.copy'), () => {
      const copied = navigator.clipboard ? navigator.clipboard.writeText(invite) : Promise.reject(new Error('no clipboard'));
      copied.then(() => { status.textContent = t('invite.copied'); },
        () => showError(new Error(t('invite.copyFailed'))));
    }, { 'aria-label': t('invite.copyLabel') }),
    status);
}
