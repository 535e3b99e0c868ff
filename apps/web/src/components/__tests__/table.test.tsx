import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import ExcelJS from 'exceljs';
import { describe, expect, it, vi } from 'vitest';
import type { ListParams, Page } from '../../lib/api/list';
import { renderWithProviders } from '../../test/render';
import { buildWorkbook } from '../excel';
import { ServerDataTable } from '../table/ServerDataTable';

interface Member {
  id: string;
  name: string;
  balance: number;
}

function pageOf(rows: Member[], p: ListParams): Page<Member> {
  return {
    content: rows.slice(p.page * p.limit, (p.page + 1) * p.limit),
    page: p.page,
    limit: p.limit,
    totalElements: rows.length,
    totalPages: Math.ceil(rows.length / p.limit),
  };
}

const rows: Member[] = Array.from({ length: 23 }, (_, i) => ({ id: `m${i}`, name: `Anggota ${i + 1}`, balance: (i + 1) * 100000 }));

describe('ServerDataTable', () => {
  it('asks the server page by page with the list convention and shows the rows', async () => {
    const fetchPage = vi.fn(async (p: ListParams) => pageOf(rows, p));
    renderWithProviders(
      <ServerDataTable<Member>
        queryKey={['members-test']}
        fetchPage={fetchPage}
        columns={[{ field: 'name', headerName: 'Nama', flex: 1 }]}
        filters={{ isActive: 'none', branchId: 'b1' }}
        debounceMs={0}
        gridProps={{ disableVirtualization: true }}
      />,
    );
    expect(await screen.findByText('Anggota 1')).toBeInTheDocument();
    expect(fetchPage.mock.calls[0]![0]).toMatchObject({ page: 0, limit: 10, filters: { isActive: 'none', branchId: 'b1' } });
    expect(screen.queryByText('Anggota 11')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Pergi ke halaman berikutnya' }));
    expect(await screen.findByText('Anggota 11')).toBeInTheDocument();
    expect(fetchPage.mock.calls.at(-1)![0]).toMatchObject({ page: 1, limit: 10 });
  });

  it('lower-cases the search, starts again at page 0, and says when nothing is found', async () => {
    const fetchPage = vi.fn(async (p: ListParams) =>
      pageOf(
        rows.filter((r) => !p.search || r.name.toLowerCase().includes(p.search)),
        p,
      ),
    );
    renderWithProviders(
      <ServerDataTable<Member>
        queryKey={['members-search']}
        fetchPage={fetchPage}
        columns={[{ field: 'name', headerName: 'Nama', flex: 1 }]}
        debounceMs={0}
        gridProps={{ disableVirtualization: true }}
      />,
    );
    await screen.findByText('Anggota 1');
    await userEvent.type(screen.getByTestId('table-search'), 'ZZZ');
    await waitFor(() => expect(fetchPage.mock.calls.at(-1)![0]).toMatchObject({ search: 'zzz', page: 0 }));
    expect(await screen.findByText('Tidak ada data yang ditemukan')).toBeInTheDocument();
  });

  it('shows the failed state with a retry', async () => {
    const fetchPage = vi.fn(async () => {
      throw new Error('boom');
    });
    renderWithProviders(
      <ServerDataTable<Member>
        queryKey={['members-fail']}
        fetchPage={fetchPage}
        columns={[{ field: 'name', headerName: 'Nama' }]}
        gridProps={{ disableVirtualization: true }}
      />,
    );
    expect(await screen.findByText('Gagal memuat data')).toBeInTheDocument();
  });
});

describe('Excel export', () => {
  it('writes a formatted header and rupiah amounts as numbers', async () => {
    const bytes = await buildWorkbook<Member>({
      fileName: 'anggota',
      sheetName: 'Anggota',
      title: 'Daftar Anggota',
      columns: [
        { header: 'Nama', value: 'name' },
        { header: 'Saldo', value: 'balance', type: 'money' },
        { header: 'Tanggal', value: () => '2026-03-01', type: 'date' },
      ],
      rows: rows.slice(0, 3),
    });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(bytes);
    const ws = wb.getWorksheet('Anggota')!;
    expect(ws.getCell('A1').value).toBe('Daftar Anggota');
    const header = ws.getRow(3);
    expect(header.getCell(1).value).toBe('Nama');
    expect(header.getCell(1).font?.bold).toBe(true);
    expect(ws.getCell('B4').value).toBe(100000);
    expect(ws.getColumn(2).numFmt).toContain('"Rp" #,##0');
    expect(ws.getCell('C4').value).toBeInstanceOf(Date);
    expect(ws.views[0]).toMatchObject({ state: 'frozen', ySplit: 3 });
  });
});
