// What the browser tests share: checks and the steps every page takes.

export function assert(condition, message) {
  if (!condition) throw new Error(`assertion failed: ${message}`);
}

// The page shows the player no error.
export async function noErrorsShown(page) {
  const shown = await page.locator('#errors li').allTextContents();
  assert(shown.length === 0, `errors shown to the player: ${shown.join(' | ')}`);
}

// Opens `url` and signs in as a guest named `name`, up to the lobby.
export async function signIn(page, url, name) {
  await page.goto(url);
  await page.getByLabel('Your name').fill(name);
  await page.getByRole('button', { name: 'Play as guest' }).click();
  await page.getByRole('heading', { name: 'New table' }).waitFor();
}
