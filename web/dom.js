// A tiny element builder: el('button', {class: 'x', onclick: f}, 'text', child).

export function el(tag, attributes = {}, ...children) {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || value === null || value === false) continue;
    if (name.startsWith('on')) element.addEventListener(name.slice(2), value);
    else if (name === 'class') element.className = value;
    else element.setAttribute(name, value === true ? '' : value);
  }
  for (const child of children.flat(Infinity)) {
    if (child === undefined || child === null || child === false) continue;
    element.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return element;
}

// A button that does one thing; real buttons keep the client keyboard usable.
export function actionButton(label, onPress, attributes = {}) {
  return el('button', { type: 'button', ...attributes, onclick: onPress }, label);
}
