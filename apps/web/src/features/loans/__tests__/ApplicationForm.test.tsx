/**
 * The application form in the DOM: the member found as typed, the product's
 * terms shown, the simulation asked with the product's annual rate as the
 * officer types, the product's bounds checked before sending, the fees and
 * what the member receives, a warning above the member's loan limit, the
 * confirmation, the server's refusal shown and sent again with the same
 * Idempotency-Key, and the body of request-open-product-member.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Cookies from 'js-cookie';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { loadFullCatalog } from '../../../lib/i18n/messages';
import { user } from '../../../test/fixtures';
import { ok, renderWithProviders, stubFetch } from '../../../test/render';
import { Signed } from '../../../test/signed';
import { ApplicationForm } from '../components/ApplicationForm';
import { MEMBER, PRODUCT, runningLoan, simulation } from './fixtures';

beforeAll(async () => {
  await i18n.loadNamespaces(['loans']);
  await loadFullCatalog();
});
beforeEach(() => {
  Cookies.set('csrf_token', 't');
});

const officer = user({ permissions: { member_transaction: { view: true, add: true, update: true, delete: false } } });

function setup(answers: Array<{ status: number; body: unknown }>) {
  const sent: Array<{ key: string | null; body: Record<string, unknown> }> = [];
  const simulations: URLSearchParams[] = [];
  stubFetch((url, init) => {
    if (url.pathname === '/api/users/detail') return { body: ok(officer) };
    if (url.pathname === '/api/product/LOAN/categories') return { body: ok([PRODUCT]) };
    if (url.pathname.endsWith('/search-member')) return { body: ok([MEMBER]) };
    if (url.pathname === `/api/member/${MEMBER.id}/detail`) return { body: ok({ ...MEMBER, loanLimit: 20_000_000 }) };
    if (url.pathname === `/api/product/${PRODUCT.id}/v2/loan/installment-simulation`) {
      simulations.push(url.searchParams);
      return { body: ok(simulation(Number(url.searchParams.get('amount')), Number(url.searchParams.get('tenorInMonth')))) };
    }
    if (init.method === 'POST') {
      sent.push({ key: new Headers(init.headers).get('Idempotency-Key'), body: JSON.parse(String(init.body)) });
      const a = answers[Math.min(sent.length - 1, answers.length - 1)]!;
      return { status: a.status, body: a.body };
    }
    return { status: 404, body: { status: false, code: 404, message: 'Tidak ditemukan', data: null } };
  });
  const onDone = vi.fn();
  renderWithProviders(
    <Signed>
      <ApplicationForm onDone={onDone} />
    </Signed>,
    { auth: true },
  );
  return { sent, simulations, onDone };
}

const input = (name: string) => document.querySelector<HTMLInputElement>(`input[name="${name}"]`)!;
/** Type into a field at once (typing key by key takes seconds per field in jsdom). */
const set = (name: string, value: string) => fireEvent.change(input(name), { target: { value } });
const fact = (id: string) => screen.getByTestId(id).textContent?.replace(/\s+/g, ' ').trim();

describe('loan application', () => {
  it('simulates as the officer types, checks the product bounds, confirms, shows a refusal and retries with the same key', async () => {
    const u = userEvent.setup({ delay: null });
    const { sent, simulations, onDone } = setup([
      {
        status: 422,
        body: {
          status: false,
          code: 422,
          errorCode: 'LOAN_MEMBER_LIMIT',
          message:
            'Pinjaman Rp 30.000.000 ditambah sisa pinjaman berjalan Rp 0 melebihi limit pinjaman anggota Rina Nurul Siregar sebesar Rp 20.000.000',
          data: null,
        },
      },
      {
        status: 200,
        body: ok({ status: 'WAITING_APPROVAL', loan: runningLoan({ status: 'WAITING_APPROVAL' }) }, 'Pengajuan pinjaman berhasil'),
      },
    ]);
    await screen.findByTestId('application-form');
    expect(screen.getByText('Belum ada simulasi')).toBeInTheDocument();

    // Nothing chosen: the member and product are required.
    await u.click(screen.getByTestId('application-submit'));
    expect(await screen.findAllByText(/wajib dipilih|harus dipilih|pilih/i)).not.toHaveLength(0);
    expect(sent).toHaveLength(0);

    await u.type(screen.getByTestId('member-field'), 'rina');
    await u.click(await screen.findByTestId('member-option'));
    await u.click(screen.getByTestId('product-select'));
    await u.click(await screen.findByTestId('product-option'));
    expect(await screen.findByTestId('product-terms')).toHaveTextContent('1,5% per bulan');
    expect(screen.getByText('Limit pinjaman anggota: Rp 20.000.000')).toBeInTheDocument();

    // Below the product's minimum and tenor above its maximum: refused before sending.
    set('amount', '100000');
    set('tenorInMonth', '40');
    await u.click(screen.getByTestId('application-submit'));
    expect(await screen.findByText('Minimal Rp 500.000 untuk produk ini')).toBeInTheDocument();
    expect(screen.getByText('Tenor maksimal 36 bulan untuk produk ini')).toBeInTheDocument();
    expect(sent).toHaveLength(0);

    set('amount', '30000000');
    set('tenorInMonth', '12');
    // The simulation follows: the product's rate a year (1,5 % × 12).
    await waitFor(() => expect(simulations.at(-1)?.get('amount')).toBe('30000000'));
    const last = simulations.at(-1)!;
    expect(last.get('tenorInMonth')).toBe('12');
    expect(last.get('interestBaseRate')).toBe('18');
    expect(await screen.findAllByTestId('schedule-row')).toHaveLength(12);
    // Fees: admin Rp 50.000, provision 1 % = Rp 300.000; the member receives the rest.
    expect(fact('fee-admin')).toBe('-Rp 50.000');
    expect(fact('fee-provision')).toBe('-Rp 300.000');
    expect(fact('fee-net')).toBe('Rp 29.650.000');
    expect(screen.getByTestId('warn-member-limit')).toHaveTextContent('Rp 20.000.000');

    set('purpose', 'Modal warung');
    await u.click(screen.getByTestId('add-collateral'));
    set('collaterals.0.type', 'BPKB');
    set('collaterals.0.number', 'K-0012345');
    set('collaterals.0.value', '15000000');

    await u.click(screen.getByTestId('application-submit'));
    expect(await screen.findByTestId('application-confirm')).toHaveTextContent('Rina Nurul Siregar (2025000003)');
    await u.click(screen.getByTestId('confirm-ok'));
    expect(await screen.findByTestId('application-error')).toHaveTextContent('melebihi limit pinjaman anggota Rina Nurul Siregar');
    expect(sent[0]!.body).toEqual({
      memberId: MEMBER.id,
      productId: PRODUCT.id,
      amount: 30_000_000,
      tenorInMonth: 12,
      purpose: 'Modal warung',
      collaterals: [{ type: 'BPKB', number: 'K-0012345', detail: null, value: 15_000_000 }],
      criteria: null,
      description: null,
    });

    // Sent again unchanged: the same key.
    await u.click(screen.getByTestId('application-submit'));
    await u.click(await screen.findByTestId('confirm-ok'));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(sent).toHaveLength(2);
    expect(sent[1]!.key).toBe(sent[0]!.key);
    expect(onDone.mock.calls[0]![0].status).toBe('WAITING_APPROVAL');
  }, 90_000);
});
