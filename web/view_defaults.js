// Proto3 JSON leaves out fields at their default value inside lists of messages: a trick
// card played from seat 0 arrives as {"card": "7d"}, a Diloti declaration owned by seat 0
// without "owner". The views are filled in here, once, so every drawing code can read
// `seat` and `owner` as numbers.

const SEAT_LISTS = [['trick', 'seat'], ['last_trick', 'seat'], ['declarations', 'seat'], ['calls', 'seat']];

export function withSeatDefaults(view, game) {
  if (!view) return view;
  for (const [list, field] of SEAT_LISTS) {
    for (const item of view[list] || []) {
      if (game === 'diloti' && list === 'declarations') item.owner = item.owner || 0;
      else item[field] = item[field] || 0;
    }
  }
  return view;
}
