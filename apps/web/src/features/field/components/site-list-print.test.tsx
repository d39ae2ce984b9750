import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { queryWrapper } from '../../../test/query-wrapper.tsx';
import { stubApi } from '../../../test/stub-fetch.ts';
import { buildSiteList } from '../test/build-field.ts';
import { SiteListPrint, SiteListPrintPage } from './site-list-print.tsx';

/** The text a QR image carries, read back from its SVG data URL (the path of its dark modules). */
const svgOf = (image: HTMLElement) => decodeURIComponent(image.getAttribute('src')!.split(',')[1]!);

describe('a site list to print (issue #33 item 1)', { timeout: 20_000 }, () => {
  it('names the exercise, the site, its days and documents, and lists everyone with a QR code', async () => {
    render(<SiteListPrint siteList={buildSiteList()} />);
    expect(screen.getByRole('heading', { name: 'Finance headcount 2026: site list' })).toBeTruthy();
    expect(screen.getByText('Lokoja Secretariat Hall B')).toBeTruthy();
    expect(screen.getByText('Dec 1, 2026, Dec 2, 2026')).toBeTruthy();
    expect(screen.getByText('First appointment letter')).toBeTruthy();
    expect(screen.getByText('2 people')).toBeTruthy();

    const rows = screen.getAllByTestId('site-list-row');
    expect(rows).toHaveLength(2);
    const first = within(rows[0]!);
    expect(first.getByRole('rowheader', { name: 'Hafsat Abdullahi' })).toBeTruthy();
    expect(first.getByText('PSN635465')).toBeTruthy();
    expect(first.getByText('Treasury')).toBeTruthy();
    expect(first.getByText('Dec 1, 2026')).toBeTruthy();
    expect(within(rows[1]!).getAllByText('\u2014')).toHaveLength(2);

    // Drawn in the browser once the library has loaded: an SVG image per person, each its own.
    const firstQr = await first.findByRole('img', { name: 'QR code for Hafsat Abdullahi' });
    const secondQr = await within(rows[1]!).findByRole('img', { name: 'QR code for Musa Bello' });
    expect(firstQr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    expect(svgOf(firstQr)).toContain('<svg');
    expect(svgOf(firstQr)).not.toBe(svgOf(secondQr));
  });

  it('prints with the browser, and hides the button and the rest of the page on paper', async () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    const user = userEvent.setup();
    render(<SiteListPrint siteList={buildSiteList()} />);
    const button = screen.getByRole('button', { name: 'Print' });
    await user.click(button);
    expect(print).toHaveBeenCalledOnce();
    expect(button.className).toContain('site-list-no-print');
    const css = [...document.querySelectorAll('style')].map((style) => style.textContent).join('\n');
    expect(css).toMatch(/@media print/);
    expect(css).toMatch(/visibility:\s*hidden/);
  });

  it('says when the schedule expects no one at the site', () => {
    render(<SiteListPrint siteList={buildSiteList({ people: [], documents: [] })} />);
    expect(screen.getByText('The schedule expects no one at this site.')).toBeTruthy();
    expect(screen.getByText('None named')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it("fetches the site's list from the contract's route", async () => {
    const list = buildSiteList();
    const fetchMock = stubApi({
      [`GET /api/v1/campaigns/${list.campaignId}/site-list?site=Lokoja+Secretariat+Hall+B`]: {
        status: 200,
        body: list,
      },
    });
    render(<SiteListPrintPage campaignId={list.campaignId} site={list.site} />, { wrapper: queryWrapper() });
    expect(await screen.findByRole('heading', { name: 'Finance headcount 2026: site list' })).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledOnce();
    expect(screen.getAllByTestId('site-list-row')).toHaveLength(list.people.length);
  });
});
