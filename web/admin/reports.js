// The console's queue of players' reports (docs/admin.md "Reports"): each report with its
// evidence (the chat around the reported line, that line marked), claimed and resolved
// with a mute, ban, rename or dismissal and a note, through the JSON API.
import { button, element } from './dom.js';
import { t } from './i18n.js';
import { CATEGORIES } from '../report.js';

const $ = (selector) => document.querySelector(selector);

// A report's category in the player site's words for it (its report form's).
const CATEGORY_WORDS = new Map(CATEGORIES);
function categoryWords(category) {
  return CATEGORY_WORDS.has(category) ? t(CATEGORY_WORDS.get(category)) : category;
}

// `api(method, path, body)` and `act(action)` are the console's (console.js).
export function reportQueue({ api, act }) {
  async function resolve(report, action) {
    const form = $('#report-resolve');
    const note = form.elements.note.value.trim();
    if (!note) throw new Error(t('noteNeeded'));
    await api('POST', `reports/${report.id}/resolve`, {
      action, note, minutes: Number(form.elements.minutes.value || 0), name: form.elements.name.value.trim(),
    });
    await load();
  }

  function render(report) {
    const item = document.createElement('li');
    item.className = `report report-${report.state}`;
    item.dataset.report = report.id;
    item.append(element('p', t('reportLine', {
      id: report.id, category: categoryWords(report.category), reporter: report.reporter_name,
      reported: report.reported_name,
    }), 'report-head'));
    if (report.text) item.append(element('blockquote', report.text));
    const evidence = document.createElement('ul');
    evidence.className = 'evidence';
    for (const chat of report.evidence) {
      evidence.append(element('li', `${chat.name}: ${chat.text}`, chat.reported ? 'reported-line' : ''));
    }
    item.append(evidence);
    item.append(element('p', t('reportState', {
      state: t(`reportState_${report.state}`),
      by: [report.claimed_by, report.action && t(`reportAction_${report.action}`), report.note]
        .filter(Boolean).join(' · '),
    }), 'report-state'));
    if (report.state !== 'resolved') {
      const actions = document.createElement('p');
      actions.className = 'report-actions';
      if (report.state === 'open') {
        actions.append(button(t('claim'), () => act(async () => {
          await api('POST', `reports/${report.id}/claim`);
          await load();
        })));
      }
      for (const [action, label] of [['mute', 'mute'], ['ban', 'ban'], ['rename', 'rename'], ['dismiss', 'dismiss']]) {
        actions.append(button(t(label), () => act(() => resolve(report, action))));
      }
      item.append(actions);
    }
    return item;
  }

  async function load() {
    const state = $('#report-filter').elements.state.value;
    const { reports } = await api('GET', `reports?state=${state}`);
    $('#reports').replaceChildren(...(reports.length ? reports.map(render) : [element('li', t('noReports'))]));
  }

  $('#report-filter').addEventListener('submit', (event) => {
    event.preventDefault();
    act(load);
  });
  return { load };
}
