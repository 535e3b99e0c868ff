/**
 * Screenshot gallery of the members screens (`npm run e2e:screens -w apps/web`,
 * not part of `npm test`): every screen and dialog in Indonesian and English,
 * light and dark, saved to artifacts/screenshots/members/. The harness's
 * browser has no camera, so the camera dialog shows the "no camera detected"
 * state here (the e2e test takes a real photo from Chromium's fake camera).
 */

import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { apiToken, closeBrowser, SCREENSHOT_DIR, screenshot, url } from './harness';
import { signedInPage, VARIANTS, variantOptions, visit } from './screens-kit';

afterAll(closeBrowser);

interface Ids {
  prospect: string;
  waitingApproval: string;
  member: string;
  nonMember: string;
  job: string;
}
let ids: Ids;

async function first(token: string, query: string): Promise<string> {
  const res = await fetch(url(`/api/member/datatable?limit=1&${query}`), { headers: { authorization: `Bearer ${token}` } });
  const body = (await res.json()) as { data: { content: Array<{ id: string }> } };
  if (!body.data.content[0]) throw new Error(`no member for ${query}`);
  return body.data.content[0].id;
}

/** An upload with good and bad rows, so the upload screen has a result to show. */
async function uploadSample(token: string): Promise<string> {
  const tpl = await fetch(url('/api/member/upload/template'), { headers: { authorization: `Bearer ${token}` } });
  const { default: ExcelJS } = await import('exceljs');
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(await tpl.arrayBuffer());
  const ws = wb.getWorksheet('Anggota')!;
  const n = Date.now().toString().slice(-6);
  const rows = [
    ['', 'Galeri Satu', 'L', 'Bandung', '1988-02-03', `0812555${n}`, 'KTP', `3273010302${n}`, '', 'Jl. Galeri 1', 'Guru', 'ANGGOTA'],
    ['', '', 'P', 'Bandung', '1990-01-01', `0812556${n}`, 'KTP', `3273014101${n}`, '', 'Jl. Galeri 2', '', 'ANGGOTA'],
    ['', 'Galeri Tiga', 'X', 'Bandung', '1991-01-01', '0812', 'KTP', '123', '', 'Jl. Galeri 3', '', 'CALON'],
  ];
  rows.forEach((r, i) => {
    ws.getRow(i + 2).values = r;
  });
  const form = new FormData();
  form.append('file', new Blob([await wb.xlsx.writeBuffer()]), 'galeri-anggota.xlsx');
  const res = await fetch(url('/api/member/upload'), { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  return ((await res.json()) as { data: { id: string } }).data.id;
}

beforeAll(async () => {
  const token = await apiToken();
  ids = {
    prospect: await first(token, 'memberType=PROSPECTIVE&status=WAITING_INTERVIEW'),
    waitingApproval: await first(token, 'memberType=PROSPECTIVE&status=WAITING_APPROVAL'),
    member: await first(token, 'isNonMember=0&isActive=true&sortBy=join_date&ascOrDesc=ASC'),
    nonMember: await first(token, 'isNonMember=1&isActive=true'),
    job: await uploadSample(token),
  };
});

async function shot(page: Page, name: string, fullPage = true) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, `members/${name}`, { fullPage });
}

describe('members gallery', () => {
  for (const v of VARIANTS) {
    it(`members screens, ${v.lang} ${v.mode}`, async () => {
      const page = await signedInPage(variantOptions(v));
      const tag = `${v.lang}-${v.mode}`;
      const screens: Array<[string, string, string]> = [
        ['list', '/members', 'data-table'],
        ['new', '/members/new', 'member-form'],
        ['edit', `/members/${ids.member}/edit`, 'member-form'],
        ['detail-profile', `/members/${ids.member}`, 'member-header'],
        ['detail-photos', `/members/${ids.member}?tab=photos`, 'member-photos'],
        ['detail-accounts', `/members/${ids.member}?tab=accounts`, 'member-accounts'],
        ['detail-timeline', `/members/${ids.member}?tab=timeline`, 'timeline-entry'],
        ['detail-prospect', `/members/${ids.prospect}`, 'member-header'],
        ['detail-non-member', `/members/${ids.nonMember}`, 'member-header'],
        ['prospective', '/members/prospective', 'data-table'],
        ['applications', '/members/applications', 'data-table'],
        ['upload', `/members/upload?job=${ids.job}`, 'upload-rows'],
        ['exit-empty', '/members/exit', 'page-title'],
        ['exit-check', `/members/exit?memberId=${ids.member}`, 'exit-check'],
      ];
      for (const [name, path, testId] of screens) {
        await visit(page, path, testId);
        await page
          .locator('.MuiSkeleton-root')
          .first()
          .waitFor({ state: 'detached' })
          .catch(() => undefined);
        await shot(page, `${name}-${tag}`);
      }

      // Dialogs.
      await visit(page, `/members/${ids.prospect}`, 'action-interview');
      await page.getByTestId('action-interview').click();
      await page.getByTestId('interview-dialog').waitFor();
      await shot(page, `dialog-interview-${tag}`, false);
      await page.keyboard.press('Escape');
      await visit(page, `/members/${ids.waitingApproval}`, 'action-decide');
      await page.getByTestId('action-decide').click();
      await page.getByTestId('decision-rejected').click();
      await shot(page, `dialog-approval-${tag}`, false);
      await page.keyboard.press('Escape');
      await visit(page, `/members/${ids.nonMember}`, 'member-header');
      if (await page.getByTestId('action-upgrade').count()) {
        await page.getByTestId('action-upgrade').click();
        await page.getByTestId('upgrade-dialog').waitFor();
        await shot(page, `dialog-upgrade-${tag}`, false);
        await page.keyboard.press('Escape');
      }
      await visit(page, '/members/new', 'member-form');
      await page.getByTestId('photo-self-camera').click();
      await page
        .getByTestId('camera-dialog')
        .getByText(/Kamera tidak terdeteksi|No camera detected|camera/i)
        .first()
        .waitFor();
      await shot(page, `dialog-camera-none-${tag}`, false);
      await page.keyboard.press('Escape');

      // The member widgets of the dashboard.
      await visit(page, '/dashboard', 'widget-member-organization');
      for (const w of ['prospective-members', 'become-member', 'member-composition', 'member-growth', 'member-organization']) {
        const el = page.getByTestId(`widget-${w}`);
        await el.scrollIntoViewIfNeeded();
        await el
          .locator('.MuiSkeleton-root')
          .first()
          .waitFor({ state: 'detached' })
          .catch(() => undefined);
        await el.screenshot({ path: path.join(SCREENSHOT_DIR, 'members', `widget-${w}-${tag}.png`), animations: 'disabled' });
      }
    });
  }

  it('phone-sized member screens', async () => {
    const page = await signedInPage({ viewport: { width: 390, height: 844 } });
    for (const [name, path, testId] of [
      ['phone-list', '/members', 'data-table'],
      ['phone-detail', `/members/${ids.member}`, 'member-header'],
      ['phone-new', '/members/new', 'member-form'],
      ['phone-exit', `/members/exit?memberId=${ids.member}`, 'exit-check'],
    ] as const) {
      await visit(page, path, testId);
      await shot(page, name);
    }
  });
});
