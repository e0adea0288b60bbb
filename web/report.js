// Reporting a player or one of their chat lines to the moderators (docs/protocol.md,
// "Reporting a player"). The form is a modal <dialog> on the page's body, outside the
// view the client re-renders on every event, so what the player types survives them.

import { actionButton, el } from './dom.js';
import { t } from './i18n.js';

// The protocol's categories and their words (written out, so the catalogue check sees each);
// the admin console's report queue names them with these words too.
export const CATEGORIES = [
  ['abuse', 'report.categoryAbuse'], ['cheating', 'report.categoryCheating'],
  ['spam', 'report.categorySpam'], ['name', 'report.categoryName'], ['other', 'report.categoryOther'],
];

// A small "Report" button for a player (`lineId`: one of their chat lines, or 0) at table
// `tableId`; `ask(name, body)` sends a request and shows its error; `me`: the viewer's
// account (no button for one's own name or lines, nor for guests, who may not report).
export function reportButton({ accountId, lineId = 0, tableId, name, me, ask }) {
  if (!me || me.guest || !accountId || String(accountId) === String(me.account_id)) return null;
  const label = lineId ? t('report.line', { name }) : t('report.player', { name });
  return actionButton('⚑', () => openReport({ accountId, lineId, tableId, name, ask }),
    { class: 'report-button', title: label, 'aria-label': label });
}

function openReport({ accountId, lineId, tableId, name, ask }) {
  const category = el('select', { name: 'category', 'aria-label': t('report.category') },
    CATEGORIES.map(([value, key]) => el('option', { value }, t(key))));
  const text = el('textarea', { name: 'text', maxlength: 500, rows: 3, 'aria-label': t('report.text'),
    placeholder: t('report.textPlaceholder') });
  const status = el('p', { class: 'report-status', role: 'status' });
  const dialog = el('dialog', { class: 'report-dialog', 'aria-labelledby': 'report-title' });
  const close = () => { dialog.close(); dialog.remove(); };
  const send = el('button', { type: 'submit' }, t('report.send'));
  dialog.append(el('form', { method: 'dialog', onsubmit: (e) => {
    e.preventDefault();
    send.disabled = true;
    const body = { category: category.value, text: text.value, table_id: tableId || '' };
    if (lineId) body.chat_line_id = lineId; else body.account_id = accountId;
    ask('report_player', body)
      .then(() => { status.textContent = t('report.sent'); setTimeout(close, 1200); })
      .catch(() => { send.disabled = false; });
  } },
  el('h3', { id: 'report-title' }, lineId ? t('report.line', { name }) : t('report.player', { name })),
  el('label', {}, t('report.category'), ' ', category),
  el('label', {}, t('report.text'), ' ', text),
  status,
  el('p', { class: 'report-actions' }, send, actionButton(t('report.cancel'), close))));
  document.body.append(dialog);
  dialog.showModal();
}
