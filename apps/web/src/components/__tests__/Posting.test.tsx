/**
 * The shared posting dialog (components/Posting.tsx) with the shared
 * Idempotency-Key class (lib/submission.ts), as savings and loans use them:
 * form → confirmation → result with the feature's receipt; a 5xx or a lost
 * answer offers "Kirim ulang" with the same key; a business refusal (4xx)
 * shows its message and disables posting; a changed payload gets a new key;
 * Esc on the confirmation goes back to the form.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api/errors';
import { i18n } from '../../lib/i18n';
import { SubmissionKeys, useSubmissionKeys } from '../../lib/submission';
import { renderWithProviders } from '../../test/render';
import { DoneView, PostingDialog, usePosting } from '../Posting';

beforeAll(async () => {
  await i18n.changeLanguage('id');
  await i18n.loadNamespaces(['common']);
});

type Answer = 'ok' | 'network' | 'server' | 'refused';

function Harness({ answers, sent }: { answers: Answer[]; sent: Array<{ key: string; amount: number }> }) {
  const posting = usePosting<{ code: string }>();
  const keys = useSubmissionKeys();
  const [amount, setAmount] = useState(1000);
  const send = async () => {
    const ticket = keys.ticket({ amount });
    sent.push({ key: ticket.key, amount });
    const a = answers[Math.min(sent.length - 1, answers.length - 1)];
    if (a === 'network') throw new ApiError('Tidak ada jawaban', 'network', 0);
    if (a === 'server') throw new ApiError('Server sibuk', 'server', 503);
    if (a === 'refused') throw new ApiError('Saldo tidak mencukupi', 'server', 422, 'INSUFFICIENT_BALANCE');
    keys.done();
    return { code: 'TRX-1' };
  };
  return (
    <PostingDialog
      open
      onClose={() => undefined}
      title="Setor"
      testId="harness"
      step={posting.step}
      busy={posting.busy}
      error={posting.error}
      errorRetryable={posting.retryable}
      form={
        <button type="button" onClick={() => setAmount((n) => n + 1)}>
          ubah
        </button>
      }
      summary={[{ label: 'Nominal', value: String(amount) }]}
      done={<DoneView title="Berhasil" lines={[{ label: 'Kode', value: posting.result?.code ?? '' }]} receipt={<span>bukti</span>} />}
      onContinue={posting.toConfirm}
      onConfirm={() => void posting.run(send)}
      onBack={posting.back}
    />
  );
}

describe('PostingDialog', () => {
  it('walks form → confirmation → result and offers the feature receipt', async () => {
    const sent: Array<{ key: string; amount: number }> = [];
    const u = userEvent.setup();
    renderWithProviders(<Harness answers={['ok']} sent={sent} />, { auth: false });
    await u.click(screen.getByTestId('posting-continue'));
    expect(screen.getByTestId('posting-summary').textContent).toContain('1000');
    expect(screen.getByText(/Periksa kembali sebelum diposting/)).toBeTruthy();
    await u.click(screen.getByTestId('posting-confirm'));
    await waitFor(() => expect(screen.getByTestId('posting-done')).toBeTruthy());
    expect(screen.getByText('TRX-1')).toBeTruthy();
    expect(screen.getByText('Cetak bukti untuk anggota:')).toBeTruthy();
    expect(screen.getByText('bukti')).toBeTruthy();
    expect(sent).toHaveLength(1);
  });

  it('resends after a lost answer or a 5xx with the same Idempotency-Key', async () => {
    const sent: Array<{ key: string; amount: number }> = [];
    const u = userEvent.setup();
    renderWithProviders(<Harness answers={['network', 'server', 'ok']} sent={sent} />, { auth: false });
    await u.click(screen.getByTestId('posting-continue'));
    await u.click(screen.getByTestId('posting-confirm'));
    await waitFor(() => expect(screen.getByTestId('posting-error').textContent).toBe('Tidak ada jawaban'));
    await u.click(screen.getByRole('button', { name: 'Kirim ulang' }));
    await waitFor(() => expect(screen.getByTestId('posting-error').textContent).toBe('Server sibuk'));
    await u.click(screen.getByRole('button', { name: 'Kirim ulang' }));
    await waitFor(() => expect(screen.getByTestId('posting-done')).toBeTruthy());
    expect(sent).toHaveLength(3);
    expect(new Set(sent.map((s) => s.key)).size).toBe(1);
  });

  it('a business refusal is definitive: its message, posting disabled, no "Kirim ulang"; a changed form gets a new key', async () => {
    const sent: Array<{ key: string; amount: number }> = [];
    const u = userEvent.setup();
    renderWithProviders(<Harness answers={['refused', 'ok']} sent={sent} />, { auth: false });
    await u.click(screen.getByTestId('posting-continue'));
    await u.click(screen.getByTestId('posting-confirm'));
    await waitFor(() => expect(screen.getByTestId('posting-error').textContent).toBe('Saldo tidak mencukupi'));
    expect(screen.queryByRole('button', { name: 'Kirim ulang' })).toBeNull();
    expect((screen.getByTestId('posting-confirm') as HTMLButtonElement).disabled).toBe(true);
    await u.click(screen.getByTestId('posting-back'));
    await u.click(screen.getByRole('button', { name: 'ubah' }));
    await u.click(screen.getByTestId('posting-continue'));
    await u.click(screen.getByTestId('posting-confirm'));
    await waitFor(() => expect(screen.getByTestId('posting-done')).toBeTruthy());
    expect(sent.map((s) => s.amount)).toEqual([1000, 1001]);
    expect(sent[0].key).not.toBe(sent[1].key);
  });

  it('Esc on the confirmation goes back to the form', async () => {
    const u = userEvent.setup();
    renderWithProviders(<Harness answers={['ok']} sent={[]} />, { auth: false });
    await u.click(screen.getByTestId('posting-continue'));
    expect(screen.getByTestId('posting-summary')).toBeTruthy();
    await u.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByTestId('posting-summary')).toBeNull());
    expect(screen.getByTestId('posting-continue')).toBeTruthy();
  });
});

describe('SubmissionKeys', () => {
  it('one key per submission: the same payload keeps its key and time, a new payload or a success starts anew', () => {
    let n = 0;
    const k = new SubmissionKeys(
      () => `k${++n}`,
      () => new Date(Date.UTC(2026, 10, 27, n)),
    );
    const a = k.ticket({ amount: 1, to: { b: 2, a: 1 } });
    expect(k.ticket({ to: { a: 1, b: 2 }, amount: 1 })).toEqual(a);
    expect(k.pendingKey).toBe('k1');
    const b = k.ticket({ amount: 2 });
    expect(b.key).toBe('k2');
    k.done();
    expect(k.pendingKey).toBeNull();
    expect(k.ticket({ amount: 2 }).key).toBe('k3');
  });
});
