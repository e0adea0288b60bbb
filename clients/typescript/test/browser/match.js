// Runs in Chromium: the SDK with the browser's own WebSocket plays a whole Diloti match in
// the frame format the page's query names, against the server that served the page. The
// outcome lands in window.sdkResult for the test to read.
import { KafenioClient, isMyTurn, playableMoves } from '@kafenio/client';

const format = new URLSearchParams(location.search).get('format') || 'json';
const status = document.getElementById('status');

async function play() {
  const client = new KafenioClient({ url: `ws://${location.host}/ws`, format });
  await client.connect();
  const me = await client.signInGuest('Φυλλομετρητής');
  const { tableId } = await client.createTable({ game: 'diloti', preset: 'online', options: ['target=11'], seats: 2 });
  await client.sit(tableId, 0);
  await client.addBot(tableId, 1);
  let actedAt = -1n;
  const ended = new Promise((resolve, reject) => {
    client.on((event) => {
      if (event.case !== 'matchEvent' || event.value.tableId !== tableId) return;
      if (event.value.kind.case === 'matchEnded') resolve(event.value.kind.value);
      else if (isMyTurn(event.view) && event.table.seq !== actedAt) {
        actedAt = event.table.seq;
        client.playMove(tableId, playableMoves(event.view)[0]).catch(reject);
      }
    });
  });
  await client.setReady(tableId);
  const result = await ended;
  client.close();
  return { name: me.name, totals: [...result.totals], winner: result.winner };
}

play().then((result) => {
  status.textContent = `match over: ${result.totals.join(' – ')}`;
  window.sdkResult = result;
}, (error) => {
  status.textContent = String(error);
  window.sdkResult = { error: String(error) };
});
