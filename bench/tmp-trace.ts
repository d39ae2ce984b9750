import path from 'node:path';
import fs from 'node:fs';
import puppeteer from 'puppeteer-core';
import { login, root, startPortal } from './lib/portal-process.ts';
const portal = await startPortal({ WEB_DIST: path.join(root, 'apps/web/dist') });
const browser = await puppeteer.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--no-sandbox'] });
try {
  const token = await login(portal.base, 'agent@demo.local', 'Demo12345!');
  for (const [name, url, tok] of [['login', '/login'], ['agent', '/dashboard/agent/verify', token]] as const) {
    const page = await browser.newPage();
    await page.setViewport({ width: 412, height: 823 });
    if (tok) { await page.goto(portal.base + '/healthz'); await page.evaluate((t) => localStorage.setItem('portal.authToken', t), tok); }
    const cdp = await page.createCDPSession();
    await cdp.send('Network.clearBrowserCache');
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.tracing.start({ path: `/tmp/prof/${name}.json`, categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'blink.user_timing', 'loading'] });
    await page.goto(portal.base + url, { waitUntil: 'networkidle0' });
    await new Promise((r) => setTimeout(r, 3000));
    await page.tracing.stop();
    await page.close();
  }
} finally { await browser.close(); await portal.stop(); }
