import path from 'node:path';
import fs from 'node:fs';
import puppeteer from 'puppeteer-core';
import { root, startPortal } from './lib/portal-process.ts';
const portal = await startPortal({ WEB_DIST: path.join(root, 'apps/web/dist') });
const browser = await puppeteer.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--no-sandbox'] });
try {
  const page = await browser.newPage();
  const cdp = await page.createCDPSession();
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  await cdp.send('Profiler.start');
  await page.goto(portal.base + '/login', { waitUntil: 'networkidle0' });
  await new Promise((r) => setTimeout(r, 1500));
  const { profile } = await cdp.send('Profiler.stop');
  fs.writeFileSync('/tmp/prof/login.cpuprofile', JSON.stringify(profile));
} finally { await browser.close(); await portal.stop(); }
