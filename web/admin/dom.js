// The console's small DOM helpers, shared by its views: an element with its text (and
// class), a table cell and a button (with the action it names, for tests and styles).
export function element(tag, text, className) {
  const e = document.createElement(tag);
  if (text !== undefined) e.textContent = text;
  if (className) e.className = className;
  return e;
}

export function cell(row, text) {
  const td = document.createElement('td');
  td.textContent = text;
  row.appendChild(td);
  return td;
}

export function button(label, onClick, action) {
  const b = document.createElement('button');
  b.type = 'button';
  b.textContent = label;
  if (action) b.dataset.action = action;
  b.addEventListener('click', onClick);
  return b;
}
