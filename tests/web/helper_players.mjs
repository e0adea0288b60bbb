// Other players at a test's table whose every move the test decides: each a KafenioClient
// (the SDK's bundle, the page's own protocol) signed in as a guest, in a page of its own
// (a browser's WebSocket; Node 20 has none). Each sits at its seat, says ready, and on its
// turn plays the first legal move matching its preferences in order ({ kind, card }; a
// missing field matches anything), else the first legal move. In Diloti the moves are the
// plain ones, then one of each move family (its anchors, required parts and every part that
// fits, in the family's order: no randomness). So a test knows the table's
// moves in advance (with the seeded deals of seeded_deals.mjs), which bots do not promise.
export async function helperPlayers(browser, url, tableId, players) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${url}/favicon.svg`); // the server's origin, where its WebSocket takes us
  await page.evaluate(async ({ tableId: id, players: list }) => {
    const sdk = await import('/sdk/kafenio-client.js');
    window.helperErrors = [];
    window.helpers = [];
    for (const { seat, name, prefer } of list) {
      const client = new sdk.KafenioClient({ url: `${location.origin.replace('http', 'ws')}/ws`, webSocket: (u) => new WebSocket(u), requestTimeoutMs: 30000 });
      await client.connect();
      await client.signInGuest(name);
      await client.joinTable(id);
      await client.sit(id, seat);
      let actedAt = -1n;
      client.on((event) => {
        if (event.case !== 'matchEvent' || event.value.tableId !== id || !sdk.isMyTurn(event.view)) return;
        if (event.table.seq === actedAt) return;
        actedAt = event.table.seq;
        const legal = sdk.playableMoves(event.view, () => 0.9);
        const wanted = prefer.map((p) => legal.find((m) => (!p.kind || m.kind === p.kind) && (!p.card || m.card === p.card))).find(Boolean);
        client.playMove(id, wanted || legal[0]).catch((error) => {
          if (!['NOT_YOUR_TURN', 'NO_MATCH'].includes(error.codeName)) window.helperErrors.push(`${name}: ${error.message}`);
        });
      });
      await client.setReady(id, true);
      window.helpers.push(client);
    }
  }, { tableId, players });
  return {
    errors: () => page.evaluate(() => window.helperErrors),
    close: () => context.close(),
  };
}
