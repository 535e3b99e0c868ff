/**
 * Screenshot gallery of the organization and access screens (not part of
 * `npm test`): every screen and the main dialogs in Indonesian and English,
 * light and dark, saved to artifacts/screenshots/access/. Run with
 * `npm run e2e:screens -w apps/web` (or `vitest run --config e2e/vitest.config.ts --project screens access`).
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { apiToken, baseUrl, closeBrowser, lastNotification, newPage, screenshot } from './harness';
import { signedInPage, VARIANTS, variantOptions, visit } from './screens-kit';

afterAll(closeBrowser);

let token = '';
const ids: Record<string, string> = {};
let invitationLink = '';

async function api(method: string, path: string, body?: unknown): Promise<any> {
  const init: RequestInit = { method, headers: { Authorization: `Bearer ${token}` } };
  if (body instanceof FormData) init.body = body;
  else if (body !== undefined) {
    init.body = JSON.stringify(body);
    (init.headers as Record<string, string>)['content-type'] = 'application/json';
  }
  const res = await fetch(`${baseUrl()}${path}`, init);
  return ((await res.json()) as { data: unknown }).data;
}

beforeAll(async () => {
  token = await apiToken();
  ids.user = (await api('GET', '/api/users/datatable?search=budi')).content[0].id;
  ids.role = (await api('GET', '/api/role/all-role')).find((r: { code: string }) => r.code === 'TELLER').id;
  ids.branch = (await api('GET', '/api/branch/datatable?search=pusat')).content[0].id;
  ids.area = (await api('GET', '/api/area/datatable?search=utara')).content[0].id;
  // A logo, an AD/ART document and a pending invitation, so those screens are not empty.
  const logo = await sharp({ create: { width: 480, height: 176, channels: 4, background: '#22A45D' } })
    .composite([
      {
        input: Buffer.from(
          '<svg width="480" height="176"><text x="40" y="110" font-size="64" font-family="sans-serif" fill="white">KDS</text></svg>',
        ),
      },
    ])
    .png()
    .toBuffer();
  const lf = new FormData();
  lf.append('file', new Blob([new Uint8Array(logo)], { type: 'image/png' }), 'logo.png');
  await api('POST', '/api/tenant/logo', lf);
  const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
  const df = new FormData();
  df.append('title', 'Anggaran Dasar Koperasi Demo Sejahtera 2019');
  df.append('documentType', 'AD');
  df.append('description', 'Akta pendirian dan perubahan terakhir');
  df.append('file', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), 'anggaran-dasar.pdf');
  await api('POST', '/api/ad-art', df);
  const email = `galeri.${Date.now().toString(36)}@contoh.id`;
  await api('POST', '/api/users', { firstName: 'Rina', lastName: 'Kurniasih', email, roleId: ids.role, position: 'PEGAWAI' });
  invitationLink = (await lastNotification(email, 'email')).link!;
});

type Screen = [name: string, path: () => string, ready: string];

const SCREENS: Screen[] = [
  ['users', () => '/users', 'row-actions'],
  ['user-detail', () => `/users/${ids.user}`, 'user-coa'],
  ['organization', () => '/users/organization', 'board-pengurus'],
  ['agents', () => '/users/agents', 'row-actions'],
  ['roles', () => '/roles', 'role-edit'],
  ['role-edit', () => `/roles/${ids.role}`, 'permission-matrix'],
  ['role-new', () => '/roles/new', 'permission-matrix'],
  ['branches', () => '/branches', 'row-actions'],
  ['branch-detail', () => `/branches/${ids.branch}`, 'data-table'],
  ['areas', () => '/areas', 'row-actions'],
  ['area-detail', () => `/areas/${ids.area}`, 'area-member-remove'],
  ['settings-cooperative', () => '/settings/cooperative', 'officers-card'],
  ['settings-collectability', () => '/settings/collectability', 'collectability-editor'],
  ['settings-configuration', () => '/settings/configuration', 'cif-preview'],
  ['settings-mobile-apps', () => '/settings/mobile-apps', 'config-mobile-save'],
  ['settings-member-services', () => '/settings/member-services', 'config-services-save'],
  ['ad-art', () => '/master-data/ad-art', 'ad-art-download'],
];

describe('access gallery', () => {
  for (const v of VARIANTS) {
    const suffix = `${v.lang}-${v.mode}`;
    it(`screens, ${suffix}`, async () => {
      const page = await signedInPage(variantOptions(v));
      for (const [name, path, ready] of SCREENS) {
        await visit(page, path(), ready);
        await screenshot(page, `access/${name}-${suffix}`);
      }

      // Dialogs and states.
      await visit(page, '/users', 'row-actions');
      await page.getByTestId('user-add').click();
      await page.getByTestId('user-form').waitFor();
      await screenshot(page, `access/dialog-user-add-${suffix}`, { fullPage: false });
      await page.keyboard.press('Escape');
      await visit(page, `/users/${ids.user}`, 'user-coa');
      await page.getByTestId('user-assign-coa').click();
      await page.getByTestId('coa-select').waitFor({ state: 'attached' });
      await screenshot(page, `access/dialog-assign-coa-${suffix}`, { fullPage: false });
      await page.keyboard.press('Escape');
      await visit(page, '/users', 'row-actions');
      await page.getByTestId('table-search').fill('budi');
      await page.getByText('Budi Santoso', { exact: true }).waitFor();
      await page.waitForTimeout(600);
      await page.getByTestId('row-actions').first().click();
      await page.getByTestId('action-deactivate').click();
      await page.getByTestId('confirm-dialog').waitFor();
      await screenshot(page, `access/dialog-deactivate-${suffix}`, { fullPage: false });
      await page.keyboard.press('Escape');
      await visit(page, '/settings/collectability', 'collectability-editor');
      await page.getByTestId('from-1').fill('25');
      await page.getByTestId('from-2').fill('100');
      await page.getByTestId('collectability-issues').waitFor();
      await screenshot(page, `access/settings-collectability-errors-${suffix}`);
      await visit(page, '/master-data/ad-art', 'ad-art-download');
      await page.getByTestId('ad-art-upload').click();
      await page.getByTestId('ad-art-title').waitFor();
      await screenshot(page, `access/dialog-ad-art-upload-${suffix}`, { fullPage: false });

      // The public invitation page: a valid link, a bad link, and the code form.
      const guest = await newPage(variantOptions(v));
      await guest.goto(invitationLink);
      await guest.getByTestId('invitation-form').waitFor();
      await screenshot(guest, `access/invitation-${suffix}`, { fullPage: false });
      await visit(guest, '/accept-invitation?token=tidak-valid', 'invitation-invalid');
      await screenshot(guest, `access/invitation-invalid-${suffix}`, { fullPage: false });
      await visit(guest, '/accept-invitation', 'invitation-code-form');
      await screenshot(guest, `access/invitation-code-${suffix}`, { fullPage: false });
    });
  }
});
