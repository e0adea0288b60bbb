// The SDK bundle (dist/ as `npm pack` ships it, with @bufbuild/protobuf's ES modules) loaded
// in Debian's headless Chromium, with no bundler and the browser's own WebSocket, plays a
// whole Diloti match in JSON and in binary frames. The server serves the test page from a
// folder made here, so the page's origin is the server's own.
//
// usage: node test_browser.mjs KAFENIO_BINARY PLAYWRIGHT_CORE_DIR (tests/web's node_modules)
import { cpSync, mkdtempSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { assert, startServer } from './server.mjs';

const [binary, playwrightDir] = process.argv.slice(2);
const { chromium } = createRequire(join(playwrightDir, 'noop.js'))('playwright-core');

const site = mkdtempSync(join(tmpdir(), 'kafenio-sdk-page-'));
cpSync('test/browser', site, { recursive: true });
cpSync('dist', join(site, 'sdk'), { recursive: true });
cpSync('node_modules/@bufbuild/protobuf/dist/esm', join(site, 'pb'), { recursive: true });

const server = await startServer(binary, { args: ['--web', site] });
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
try {
  for (const format of ['json', 'binary']) {
    const page = await browser.newPage();
    const errors = [];
    page.on('pageerror', (error) => errors.push(String(error)));
    await page.goto(`${server.url.replace('ws:', 'http:').replace(/\/ws$/, '')}/?format=${format}`);
    await page.waitForFunction(() => window.sdkResult, null, { timeout: 180_000 });
    const result = await page.evaluate(() => window.sdkResult);
    assert(!result.error && errors.length === 0, `the page played without errors: ${result.error ?? errors.join('; ')}`);
    assert(result.name.startsWith('Φυλλομετρητής#') && Math.max(...result.totals) >= 11, `a whole match: ${JSON.stringify(result)}`);
    console.log(`sdk in chromium (${format}): match over ${result.totals.join('–')}`);
    await page.close();
  }
} finally {
  await browser.close();
  await server.stop();
}
