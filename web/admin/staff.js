// The console's staff accounts (docs/admin.md "Managing staff"), for manage_staff: the list,
// creating one (with a second factor if asked: its secret is shown once), and on each
// account Set role (the role and tournaments typed in the form above), Disable / Enable,
// Reset the second factor and Set password (the password typed in the form above; their
// sessions end), each with the reason typed above.
import { button as actionButton, cell } from './dom.js';
import { t } from './i18n.js';

const $ = (selector) => document.querySelector(selector);

// `api(method, path, body)` and `act(action)` are the console's (console.js).
export function staffDesk({ api, act }) {
  const form = $('#staff-form');

  function reason() {
    const text = form.elements.reason.value.trim();
    if (!text) throw new Error(t('reasonNeeded'));
    return text;
  }

  // A new secret for an authenticator app: shown here once, never again.
  function showSecret(answer) {
    $('#staff-secret').textContent = answer.totp_secret
      ? t('staffSecret', { name: answer.name, secret: answer.totp_secret, uri: answer.totp_uri }) : '';
  }

  async function change(member, what, body = {}) {
    showSecret(await api('POST', `staff/${member.id}/${what}`, { reason: reason(), ...body }));
    await load();
  }

  function render(member) {
    const row = document.createElement('tr');
    row.dataset.staff = member.name;
    cell(row, member.name);
    cell(row, t(`role_${member.role}`));
    cell(row, member.scope);
    cell(row, [member.disabled ? t('staffDisabled') : t('staffEnabled'),
      member.totp ? t('staffHasTotp') : ''].filter(Boolean).join(' · '));
    const actions = cell(row, '');
    actions.append(actionButton(t('staffSetRole'), () => act(() => change(member, 'role', {
      role: form.elements.role.value, scope: form.elements.scope.value.trim(),
    }))));
    actions.append(member.disabled
      ? actionButton(t('staffEnable'), () => act(() => change(member, 'enable')))
      : actionButton(t('staffDisable'), () => act(() => {
        if (!window.confirm(t('confirmDisable', { name: member.name }))) return undefined;
        return change(member, 'disable');
      })));
    actions.append(actionButton(t('staffResetTotp'), () => act(() => change(member, 'reset-totp'))));
    actions.append(actionButton(t('staffSetPassword'), () => act(async () => {
      const password = form.elements.password.value;
      if (!password) throw new Error(t('passwordNeeded'));
      if (!window.confirm(t('confirmSetPassword', { name: member.name }))) return;
      await change(member, 'password', { password });
      form.elements.password.value = '';
    })));
    return row;
  }

  async function load() {
    const { staff } = await api('GET', 'staff');
    $('#staff tbody').replaceChildren(...staff.map(render));
  }

  async function create() {
    const answer = await api('POST', 'staff', {
      reason: reason(), name: form.elements.name.value.trim(), password: form.elements.password.value,
      role: form.elements.role.value, scope: form.elements.scope.value.trim(),
      totp: form.elements.totp.checked,
    });
    form.elements.password.value = '';
    showSecret(answer);
    await load();
  }

  $('#staff-create').addEventListener('click', () => act(create));
  return { load };
}
