import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import ExcelJS from 'exceljs';
import { describe, expect, it, vi } from 'vitest';
import type { ListParams, Page } from '../../lib/api/list';
import { renderWithProviders } from '../../test/render';
import { buildWorkbook, type ExcelSheet } from '../excel';
import { ServerDataTable } from '../table/ServerDataTable';

/** The sheets the export button hands to exceljs (the real buildWorkbook kept for the tests that build one). */
const exported = vi.hoisted(() => [] as Array<{ rows: unknown[] }>);
vi.mock('../excel', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../excel')>()),
  exportToExcel: async (sheet: ExcelSheet<unknown>) => {
    exported.push(sheet);
  },
}));

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
  it('of a list: every row the filters select, page after page, not the first page only', async () => {
    const many: Member[] = Array.from({ length: 2_345 }, (_, i) => ({ id: `m${i}`, name: `Anggota ${i + 1}`, balance: 1000 }));
    const fetchPage = vi.fn(async (p: ListParams) => pageOf(many, p));
    renderWithProviders(
      <ServerDataTable<Member>
        queryKey={['members-export']}
        fetchPage={fetchPage}
        columns={[{ field: 'name', headerName: 'Nama', flex: 1 }]}
        filters={{ branchId: 'b1' }}
        excel={{ fileName: 'anggota', columns: [{ header: 'Nama', value: 'name' }] }}
        debounceMs={0}
        gridProps={{ disableVirtualization: true }}
      />,
    );
    await screen.findByText('Anggota 1');
    exported.length = 0;
    await userEvent.click(screen.getByTestId('export-excel'));
    await waitFor(() => expect(exported).toHaveLength(1));
    expect(exported[0]!.rows).toHaveLength(2_345);
    expect((exported[0]!.rows.at(-1) as Member).name).toBe('Anggota 2345');
    const reads = fetchPage.mock.calls.map((c) => c[0]).filter((p) => p.limit === 1000);
    expect(reads.map((p) => p.page)).toEqual([0, 1, 2]);
    expect(reads.every((p) => p.filters?.branchId === 'b1')).toBe(true);
  });

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

describe('ServerDataTable for all-day reading', () => {
  const long = 'Koperasi Simpan Pinjam Sejahtera Bersama Kabupaten Sleman Daerah Istimewa Yogyakarta';

  it('remembers the rows per page per user and table, and shows long text cut with the full text on hover', async () => {
    const { stubFetch, ok } = await import('../../test/render');
    const { user } = await import('../../test/fixtures');
    const Cookies = (await import('js-cookie')).default;
    Cookies.set('csrf_token', 't');
    stubFetch(() => ({ body: ok(user({ id: 'user-7' })) }));
    window.localStorage.setItem('table-page-size:user-7:members-test', '50');
    const fetchPage = vi.fn(async (p: ListParams) => pageOf([{ id: 'x', name: long, balance: 1 }, ...rows], p));
    const ui = (
      <ServerDataTable<Member>
        tableId="members-test"
        queryKey={['members-remember']}
        fetchPage={fetchPage}
        columns={[{ field: 'name', headerName: 'Nama', width: 120 }]}
        debounceMs={0}
        gridProps={{ disableVirtualization: true }}
      />
    );
    renderWithProviders(ui, { auth: true });
    await waitFor(() => expect(fetchPage).toHaveBeenLastCalledWith(expect.objectContaining({ limit: 50 }), expect.anything()));
    const cell = await screen.findByTitle(long);
    expect(cell).toHaveTextContent(long);
    expect(cell).toHaveStyle({ textOverflow: 'ellipsis', whiteSpace: 'nowrap' });
    expect(document.querySelector('.MuiDataGrid-root')).toHaveClass('MuiDataGrid-root--densityCompact');
    // Another choice is kept for the next visit.
    const u = userEvent.setup({ delay: null });
    const select = document.querySelector<HTMLElement>('.MuiTablePagination-select')!;
    if (select.tagName === 'SELECT') await u.selectOptions(select, '25');
    else {
      const { fireEvent } = await import('@testing-library/react');
      fireEvent.mouseDown(select.querySelector('[role="combobox"]') ?? select);
      await u.click(await screen.findByRole('option', { name: '25' }));
    }
    await waitFor(() => expect(window.localStorage.getItem('table-page-size:user-7:members-test')).toBe('25'));
    expect(window.localStorage.getItem('table-page-size:user-8:members-test')).toBeNull();
  });

  it('shows cards instead of a table on a phone', async () => {
    const original = window.matchMedia;
    window.matchMedia = ((q: string) => ({ ...original(q), matches: q.includes('max-width:599.95px') })) as typeof window.matchMedia;
    try {
      renderWithProviders(
        <ServerDataTable<Member>
          queryKey={['members-cards']}
          fetchPage={async (p) => pageOf(rows, p)}
          columns={[
            { field: 'name', headerName: 'Nama', flex: 1 },
            { field: 'balance', headerName: 'Saldo', valueFormatter: (v: number) => `Rp ${v}` },
          ]}
          debounceMs={0}
        />,
      );
      const cards = await screen.findAllByTestId('data-card');
      expect(cards).toHaveLength(10);
      expect(cards[0]).toHaveTextContent('NamaAnggota 1');
      expect(cards[0]).toHaveTextContent('SaldoRp 100000');
      expect(screen.getByTestId('data-table')).toHaveAttribute('data-layout', 'cards');
      expect(document.querySelector('.MuiDataGrid-root')).toBeNull();
      // The cards' pagination speaks the user's language (here Indonesian), as the grid's does.
      expect(screen.getByText('1–10 dari 23')).toBeInTheDocument();
    } finally {
      window.matchMedia = original;
    }
  });
});
