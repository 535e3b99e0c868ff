import { registerTenantBody } from '@koperasi/contracts/auth';
import { signInForm } from '@koperasi/contracts/web';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { validateSignIn } from '../../features/auth/pages/SignInPage';
import { renderWithProviders } from '../../test/render';
import { CameraCaptureDialog } from '../CameraCaptureDialog';
import { ConfirmDialog, useConfirm } from '../ConfirmDialog';
import { EmptyState } from '../EmptyState';
import { FormCheckbox, FormMoneyField, FormTextField } from '../form/fields';
import { useZodForm } from '../form/useZodForm';
import { MoneyField } from '../money/MoneyField';
import { MoneyText } from '../money/MoneyText';
import { PageHeader } from '../PageHeader';
import { PinInput } from '../PinInput';

function Harness({ onValue }: { onValue: (v: number | null) => void }) {
  const [v, setV] = useState<number | null>(null);
  return (
    <MoneyField
      label="Nominal"
      value={v}
      onChange={(n) => {
        setV(n);
        onValue(n);
      }}
    />
  );
}

function PinHarness({ onComplete }: { onComplete: (v: string) => void }) {
  const [v, setV] = useState('');
  return <PinInput label="Kode" value={v} onChange={setV} onComplete={onComplete} />;
}

function ConfirmHarness({ onAnswer }: { onAnswer: (ok: boolean) => void }) {
  const { confirm, dialog } = useConfirm();
  return (
    <>
      <button type="button" onClick={async () => onAnswer(await confirm({ title: 'Hapus?' }))}>
        go
      </button>
      {dialog}
    </>
  );
}

function RegisterFormHarness() {
  const form = useZodForm(registerTenantBody, { defaultValues: { cooperativeName: '', email: 'x', isAgree: false as never } });
  return (
    <form onSubmit={form.handleSubmit(() => undefined)} noValidate>
      <FormTextField control={form.control} name="cooperativeName" label="Nama koperasi" />
      <FormTextField control={form.control} name="email" label="Email" />
      <FormCheckbox control={form.control} name="isAgree" label="Setuju" />
      <button type="submit">kirim</button>
    </form>
  );
}

function MoneyFormHarness({ onSubmit }: { onSubmit: (v: unknown) => void }) {
  const form = useZodForm(signInForm.extend({}).partial().passthrough(), { defaultValues: {} });
  return (
    <form onSubmit={form.handleSubmit(onSubmit)} noValidate>
      <FormMoneyField control={form.control} name={'amount' as never} label="Jumlah" />
      <button type="submit">kirim</button>
    </form>
  );
}

describe('MoneyField', () => {
  it('groups digits as typed (1.500.000) and gives a number', async () => {
    const onValue = vi.fn();
    renderWithProviders(<Harness onValue={onValue} />);
    const input = screen.getByLabelText('Nominal') as HTMLInputElement;
    await userEvent.type(input, '1500000');
    expect(input.value).toBe('1.500.000');
    expect(onValue).toHaveBeenLastCalledWith(1500000);
    await userEvent.type(input, ',5');
    expect(input.value).toBe('1.500.000,5');
    expect(onValue).toHaveBeenLastCalledWith(1500000.5);
    await userEvent.clear(input);
    expect(onValue).toHaveBeenLastCalledWith(null);
  });

  it('shows Rp before the amount', () => {
    renderWithProviders(<MoneyField label="Nominal" value={2500} onChange={() => undefined} />);
    expect(screen.getByText('Rp')).toBeInTheDocument();
    expect((screen.getByLabelText('Nominal') as HTMLInputElement).value).toBe('2.500');
  });
});

describe('MoneyText', () => {
  it('reads Rp 1.500.000 in Indonesian', () => {
    renderWithProviders(<MoneyText value={1500000} />);
    expect(screen.getByText((t) => t.replace(/\u00a0/g, ' ') === 'Rp 1.500.000')).toBeInTheDocument();
  });
});

describe('PinInput', () => {
  it('moves on as digits are typed and completes at six', async () => {
    const done = vi.fn();
    renderWithProviders(<PinHarness onComplete={done} />);
    await userEvent.click(screen.getByTestId('pin-0'));
    await userEvent.keyboard('12a3456');
    expect(done).toHaveBeenCalledWith('123456');
    expect((screen.getByTestId('pin-5') as HTMLInputElement).value).toBe('6');
  });

  it('fills every box from a pasted code', () => {
    const done = vi.fn();
    renderWithProviders(<PinHarness onComplete={done} />);
    fireEvent.paste(screen.getByTestId('pin-0'), { clipboardData: { getData: () => ' 987 654 ' } });
    expect(done).toHaveBeenCalledWith('987654');
  });
});

describe('ConfirmDialog', () => {
  it('runs the action once confirmed and waits for it', async () => {
    const onConfirm = vi.fn(() => new Promise<void>((r) => setTimeout(r, 20)));
    const onClose = vi.fn();
    renderWithProviders(
      <ConfirmDialog
        open
        title="Batalkan jurnal?"
        message="Jurnal pembalik akan dibuat."
        destructive
        onConfirm={onConfirm}
        onClose={onClose}
      />,
    );
    expect(screen.getByText('Jurnal pembalik akan dibuat.')).toBeInTheDocument();
    await userEvent.click(screen.getByTestId('confirm-ok'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('needs the word typed when asked', async () => {
    const onConfirm = vi.fn();
    renderWithProviders(<ConfirmDialog open title="Tutup buku" requireText="TUTUP" onConfirm={onConfirm} onClose={() => undefined} />);
    expect(screen.getByTestId('confirm-ok')).toBeDisabled();
    await userEvent.type(screen.getByLabelText('Ketik "TUTUP" untuk melanjutkan'), 'TUTUP');
    expect(screen.getByTestId('confirm-ok')).toBeEnabled();
  });

  it('useConfirm resolves true or false', async () => {
    let answer: boolean | null = null;
    renderWithProviders(<ConfirmHarness onAnswer={(a) => (answer = a)} />);
    await userEvent.click(screen.getByText('go'));
    await userEvent.click(screen.getByText('Batal'));
    await waitFor(() => expect(answer).toBe(false));
    await userEvent.click(screen.getByText('go'));
    await userEvent.click(screen.getByTestId('confirm-ok'));
    await waitFor(() => expect(answer).toBe(true));
  });
});

describe('EmptyState', () => {
  it("uses the spec's texts", () => {
    const { rerender } = renderWithProviders(<EmptyState />);
    expect(screen.getByText('Tidak ada data')).toBeInTheDocument();
    rerender(<EmptyState kind="noRecord" />);
    expect(screen.getByText('Tidak ada data yang ditemukan')).toBeInTheDocument();
    const retry = vi.fn();
    rerender(<EmptyState kind="loadFailed" onRetry={retry} />);
    expect(screen.getByText('Gagal memuat data')).toBeInTheDocument();
    fireEvent.click(screen.getByText('Coba lagi'));
    expect(retry).toHaveBeenCalled();
  });
});

describe('PageHeader', () => {
  it('shows the title and breadcrumbs starting at home', () => {
    renderWithProviders(
      <PageHeader title="Daftar Anggota" breadcrumbs={[{ label: 'Anggota', to: '/members' }, { label: 'Daftar Anggota' }]} />,
    );
    expect(screen.getByRole('heading', { name: 'Daftar Anggota' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Navigasi halaman' });
    expect(within(nav).getByText('Beranda').closest('a')).toHaveAttribute('href', '/');
    expect(within(nav).getByText('Anggota').closest('a')).toHaveAttribute('href', '/members');
  });
});

describe('form fields with zod schemas from contracts', () => {
  it("show the catalogue's validation messages in the user's language", async () => {
    renderWithProviders(<RegisterFormHarness />);
    await userEvent.click(screen.getByText('kirim'));
    expect(await screen.findByText('Nama koperasi wajib diisi')).toBeInTheDocument();
    expect(screen.getByText('Format email tidak valid')).toBeInTheDocument();
    expect(screen.getByText('Anda harus menyetujui syarat dan ketentuan')).toBeInTheDocument();
  });

  it('money field in a form keeps a number', async () => {
    let submitted: unknown = null;
    renderWithProviders(<MoneyFormHarness onSubmit={(v) => (submitted = v)} />);
    await userEvent.type(screen.getByLabelText('Jumlah'), '250000');
    await userEvent.click(screen.getByText('kirim'));
    await waitFor(() => expect(submitted).toMatchObject({ amount: 250000 }));
  });

  it('the light sign-in checks give the same messages as signInForm', () => {
    for (const v of [
      { username: '', password: '' },
      { username: '  ', password: 'x' },
      { username: 'a@b.id', password: '' },
      { username: 'a@b.id', password: 'secret' },
    ]) {
      const r = signInForm.safeParse(v);
      const fromSchema = Object.fromEntries((r.success ? [] : r.error.issues).map((i) => [String(i.path[0]), i.message]));
      expect(validateSignIn(v)).toEqual(fromSchema);
    }
  });
});

describe('CameraCaptureDialog', () => {
  it("says 'no camera detected on your device' when there is none", async () => {
    Object.defineProperty(navigator, 'mediaDevices', { value: undefined, configurable: true });
    renderWithProviders(<CameraCaptureDialog open onClose={() => undefined} onCapture={() => undefined} />);
    expect(await screen.findByText('Kamera tidak terdeteksi pada perangkat Anda')).toBeInTheDocument();
    expect(screen.getByTestId('camera-take')).toBeDisabled();
  });

  it('maps a refused permission to its own message', async () => {
    Object.defineProperty(navigator, 'mediaDevices', {
      value: { getUserMedia: () => Promise.reject(Object.assign(new Error('denied'), { name: 'NotAllowedError' })) },
      configurable: true,
    });
    renderWithProviders(<CameraCaptureDialog open onClose={() => undefined} onCapture={() => undefined} />);
    expect(await screen.findByText('Izin kamera ditolak')).toBeInTheDocument();
  });
});
