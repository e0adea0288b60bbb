// The "new table" form and the requests that set a table up: create it, sit in seat 1,
// fill the empty seats with bots when asked, and say ready. The form's choices live in
// `choices`, not only in the inputs, because pushed lobby updates redraw the screen.

import { el } from './dom.js';
import { t } from './i18n.js';
import { botLevelName } from './words.js';

const PRESETS = {
  pilotta: [['cyprus', 'preset.cyprus'], ['classic', 'preset.classic'], ['classic2', 'preset.classic2']],
  diloti: [['online', 'preset.online'], ['traditional', 'preset.traditional']],
};

const choices = {
  game: 'pilotta', preset: 'cyprus', target: '', extra: '', seats: '4', clock: '30', series: '', bots: true, private: false,
  rated: false, botLevel: 'strong',
};

// The bots' levels (docs/bots.md).
export const BOT_LEVELS = ['strong', 'easy'];

// The level the player last chose, for bots added later from the seat list too.
export function chosenBotLevel() {
  return choices.botLevel;
}

// A select of the bots' levels that remembers the choice.
export function botLevelSelect() {
  return el('select', { name: 'botLevel', 'aria-label': t('create.botLevel'),
    onchange: (e) => { choices.botLevel = e.target.value; } },
  BOT_LEVELS.map((value) => el('option', { value, selected: choices.botLevel === value }, botLevelName(value))));
}

function seatCount() {
  if (choices.game === 'pilotta') return choices.preset === 'classic2' ? 2 : 4;
  return Number(choices.seats);
}

// `registered`: the player has an account (not a guest); only they may create a rated table.
export function tableForm(onCreate, registered) {
  // Redraws the form on the page, which a pushed lobby update may have drawn anew since
  // this one was built: a choice made on a form already replaced (the push landed between
  // the player's pick and its change event) still shows.
  const redraw = () => {
    const shown = form.isConnected ? form : document.querySelector('form.create-table');
    if (shown) shown.replaceWith(tableForm(onCreate, registered));
  };
  const field = (label, input) => el('label', { class: 'field' }, el('span', {}, t(label)), input);
  const select = (name, options, onchange) => {
    const input = el('select', { name, onchange: (e) => { choices[name] = e.target.value; if (onchange) onchange(); } },
      options.map(([value, text]) => el('option', { value, selected: choices[name] === value }, t(text))));
    return input;
  };
  const text = (name, attributes) => el('input', { name, value: choices[name], ...attributes,
    oninput: (e) => { choices[name] = e.target.value; } });
  const check = (name) => el('input', { type: 'checkbox', name, checked: choices[name],
    onchange: (e) => { choices[name] = e.target.checked; } });

  const form = el('form', { class: 'panel create-table', onsubmit: async (e) => {
    e.preventDefault();
    const submit = form.querySelector('button[type=submit]');
    submit.disabled = true;
    try {
      await onCreate({
        game: choices.game,
        preset: choices.preset,
        options: [...(choices.target ? [`target=${choices.target}`] : []), ...choices.extra.split(/\s+/).filter(Boolean)],
        seats: seatCount(),
        private: choices.private,
        turn_clock_ms: Math.round(Number(choices.clock || 0) * 1000),
        series_matches: Math.round(Number(choices.series || 0)),
        bots: choices.bots,
        botLevel: choices.botLevel,
        rated: registered && choices.rated,
      });
    } catch {
      // ask() has shown the error already.
    } finally {
      submit.disabled = false;
    }
  } },
  el('h2', {}, t('create.title')),
  field('create.game', select('game', [['pilotta', 'game.pilotta'], ['diloti', 'game.diloti']], () => {
    choices.preset = PRESETS[choices.game][0][0];
    redraw();
  })),
  field('create.rules', select('preset', PRESETS[choices.game], redraw)),
  choices.game === 'diloti' ? field('create.players', select('seats', [['2', 'create.twoPlayers'], ['4', 'create.fourPlayers']])) : null,
  field('create.target', text('target', { type: 'number', min: 1, inputmode: 'numeric',
    placeholder: choices.game === 'pilotta' ? '151' : '61' })),
  field('create.options',
    text('extra', { autocomplete: 'off', spellcheck: 'false' })),
  field('create.clock', text('clock', { type: 'number', min: 5, max: 600 })),
  field('create.series', text('series', { type: 'number', min: 1, max: 99, inputmode: 'numeric' })),
  el('label', { class: 'check' }, check('bots'), ` ${t('create.bots')}`),
  field('create.botLevel', botLevelSelect()),
  el('label', { class: 'check' }, check('private'), ` ${t('create.private')}`),
  ratedField(registered, check),
  el('button', { type: 'submit', class: 'primary' }, t('create.submit')));
  return form;
}

// Rated: the result changes the players' ratings. A guest sees why the box is disabled.
function ratedField(registered, check) {
  const box = check('rated');
  box.setAttribute('aria-describedby', 'rated-hint');
  if (!registered) { box.disabled = true; box.checked = false; }
  return el('div', { class: 'rated-field' },
    el('label', { class: 'check' }, box, ` ${t('create.rated')}`),
    el('p', { class: 'hint', id: 'rated-hint' }, t(registered ? 'create.ratedHint' : 'create.ratedGuestHint')));
}

// `onCreated(tableId, inviteCode)` runs as soon as the table exists, so the pushes that
// follow find it.
export async function createTable(ask, request, onCreated) {
  const { bots, botLevel, ...body } = request;
  const reply = await ask('create_table', {
    game: body.game, preset: body.preset, options: body.options, seats: body.seats,
    private: body.private, turn_clock_ms: body.turn_clock_ms, series_matches: body.series_matches,
    rated: body.rated,
  });
  const id = reply.table_created.table_id;
  onCreated(id, reply.table_created.invite_code);
  await ask('sit', { table_id: id, seat: 0 });
  if (bots) {
    for (let seat = 1; seat < body.seats; seat += 1) await ask('add_bot', { table_id: id, seat, level: botLevel || 'strong' });
    await ask('set_ready', { table_id: id, ready: true });
  }
  return id;
}
