// A table's rules in words: the server names them as a record's `rules` line ("cyprus
// target=101 nt_at_bids=true", ../shared/record-format.md), which is for programs; the
// player reads "Cyprus rules · to 101 points · no-trump and all-trump bids".

import { t } from './i18n.js';

const PRESETS = {
  cyprus: 'rules.cyprus', classic: 'rules.classic', classic2: 'rules.classic2',
  online: 'rules.online', traditional: 'rules.traditional',
};

// The match target when the rules line names none (rules.md: Pilotta 151, Diloti 61).
const DEFAULT_TARGET = { pilotta: 151, diloti: 61 };

// Each option the server may print (engine/*/rules.cc FormatRules), by its value.
const OPTIONS = {
  nt_at_bids: { true: 'rules.ntAtBids' },
  partner_exception: { true: 'rules.partnerException' },
  belote_on_failure: { defenders: 'rules.beloteToDefenders', holder: 'rules.beloteToHolder' },
  forced_capture: { true: 'rules.forcedCapture', false: 'rules.freeCapture' },
  self_raise: { true: 'rules.selfRaise', false: 'rules.noSelfRaise' },
  final_xeri: { true: 'rules.finalXeri', false: 'rules.noFinalXeri' },
};

// `game`: "pilotta" or "diloti"; `rules`: the server's rules line; `translate`: the
// page's t() (the admin console passes its own, which falls back to these catalogues).
export function rulesInWords(game, rules, translate = t) {
  const [preset, ...options] = String(rules || '').split(/\s+/).filter(Boolean);
  if (!preset) return '';
  const parts = [PRESETS[preset] ? translate(PRESETS[preset]) : preset];
  let target = DEFAULT_TARGET[game];
  const extras = [];
  for (const option of options) {
    const [key, value] = option.split('=');
    if (key === 'target') target = Number(value);
    else if (OPTIONS[key] && OPTIONS[key][value]) extras.push(translate(OPTIONS[key][value]));
    else extras.push(option); // an option this page does not know yet: as the server wrote it
  }
  if (target) parts.push(translate('rules.target', { n: target }));
  return [...parts, ...extras].join(' · ');
}
