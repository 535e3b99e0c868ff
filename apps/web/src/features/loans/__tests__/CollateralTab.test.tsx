/**
 * Agunan in the DOM: the officer adds a collateral with a photo uploaded
 * first (multipart to {id}/collateral-photo), sees its thumbnail, removes one
 * photo before saving, and the list is saved with the photo urls; a running
 * loan's collateral is read-only.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Cookies from 'js-cookie';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { loadFullCatalog } from '../../../lib/i18n/messages';
import { user } from '../../../test/fixtures';
import { ok, renderWithProviders, stubFetch } from '../../../test/render';
import { Signed } from '../../../test/signed';
import { CollateralTab } from '../components/CollateralTab';
import { runningLoan } from './fixtures';

beforeAll(async () => {
  await i18n.loadNamespaces(['loans']);
  await loadFullCatalog();
});
beforeEach(() => {
  Cookies.set('csrf_token', 't');
});

const officer = user({ permissions: { member_transaction: { view: true, add: true, update: true, delete: false } } });

function setup(status: 'APPROVED' | 'RUNNING') {
  const loan = runningLoan({ status, collaterals: [] });
  const sent: Array<{ path: string; body: unknown }> = [];
  let n = 0;
  stubFetch((url, init) => {
    if (url.pathname === '/api/users/detail') return { body: ok(officer) };
    if (init.method === 'POST' && url.pathname.endsWith('/collateral-photo')) {
      sent.push({ path: url.pathname, body: init.body });
      n++;
      return {
        body: ok({ loanId: loan.id, photoId: `p${n}`, url: `/api/transaction/product/loan/${loan.id}/collateral-photo/p${n}`, bytes: 10 }),
      };
    }
    if (init.method === 'POST') {
      sent.push({ path: url.pathname, body: JSON.parse(String(init.body)) });
      return { body: ok(loan) };
    }
    return { status: 404, body: { status: false, code: 404, message: 'Tidak ditemukan', data: null } };
  });
  renderWithProviders(
    <Signed>
      <CollateralTab loan={loan} />
    </Signed>,
    { auth: true },
  );
  return { loan, sent };
}

describe('collateral', () => {
  it('adds a collateral with uploaded photos', async () => {
    const u = userEvent.setup({ delay: null });
    const { loan, sent } = setup('APPROVED');
    await u.click(await screen.findByTestId('collateral-add'));
    await u.type(screen.getByLabelText(/Nomor/), 'BPKB-77');
    const files = [new File(['a'], 'a.jpg', { type: 'image/jpeg' }), new File(['b'], 'b.jpg', { type: 'image/jpeg' })];
    await u.upload(screen.getByTestId('collateral-new-photo-input'), files);
    await waitFor(() => expect(screen.getAllByRole('img')).toHaveLength(2));
    expect(sent.filter((s) => s.path.endsWith('/collateral-photo'))).toHaveLength(2);
    expect(sent[0]!.body).toBeInstanceOf(FormData);
    await u.click(screen.getAllByRole('button', { name: 'Hapus foto' })[0]!);
    expect(screen.getAllByRole('img')).toHaveLength(1);
    await u.click(screen.getByTestId('collateral-save'));
    await waitFor(() => expect(sent.some((s) => s.path.endsWith('/update-collateral'))).toBe(true));
    expect(sent.at(-1)!.body).toMatchObject({
      loanId: loan.id,
      collaterals: [{ number: 'BPKB-77', photos: [`/api/transaction/product/loan/${loan.id}/collateral-photo/p2`] }],
    });
  });

  it('is read-only on a running loan and says when there is none', async () => {
    setup('RUNNING');
    expect(await screen.findByText('Pinjaman ini tanpa jaminan')).toBeInTheDocument();
    expect(screen.queryByTestId('collateral-add')).toBeNull();
  });
});
