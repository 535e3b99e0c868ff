/**
 * Ledger data of the demo cooperative: opening balances on 1 January of the
 * current year (cash, banks, fixed assets with their depreciation, prepaid
 * rent, a bank loan, reserves, a grant, the rest as opening-balance equity),
 * then every month up to today: salaries, utilities, petty cash, transport,
 * bank interest and charges, rental income, the annual members' meeting, and
 * month-end adjustment journals (depreciation, prepaid rent). One mistaken
 * journal is cancelled and posted again, so the reversal shows too.
 *
 * Savings, loans and their control accounts are left to their modules' demo
 * data (their member sub-ledgers must reconcile with the ledger). No month is
 * closed, so later modules can still seed past dates.
 */
import type { Db } from '../../db/db.ts';
import type { Ctx } from '../../lib/context.ts';
import { accountIdsByCode } from '../coa/coa.repo.ts';
import type { TenantSeedInfo } from '../types.ts';
import { addDays, monthEnd, todayJakarta } from './dates.ts';
import { type JournalInput, post, postMany, reverse } from './posting.ts';

type Line = [code: string, debit: number, credit: number];
type JournalOf = (date: string, description: string, lines: Line[], extra?: Partial<JournalInput>) => JournalInput;

/** Journals by account code (the demo's codes are the default chart's). */
function journalBuilder(id: Map<string, string>): JournalOf {
  return (date, description, lines, extra = {}) => ({
    date,
    description,
    source: { module: 'MANUAL' },
    ...extra,
    lines: lines.map(([code, debit, credit]) => {
      const accountId = id.get(code);
      if (!accountId) throw new Error(`demo: account ${code} missing`);
      return { accountId, debit, credit };
    }),
  });
}

/** The opening balances on 1 January. */
function openingJournal(journal: JournalOf, year: number): JournalInput {
  return journal(
    `${year}-01-01`,
    'Saldo awal tahun buku',
    [
      ['10101', 25_000_000, 0],
      ['10104', 285_000_000, 0],
      ['10105', 96_500_000, 0],
      ['10401', 10_000_000, 0],
      ['10501', 12_000_000, 0],
      ['10601', 250_000_000, 0],
      ['10602', 420_000_000, 0],
      ['10603', 85_000_000, 0],
      ['10604', 48_000_000, 0],
      ['10605', 0, 63_000_000],
      ['10606', 0, 34_000_000],
      ['10607', 0, 19_200_000],
      ['20301', 0, 150_000_000],
      ['30301', 0, 320_000_000],
      ['30401', 0, 75_000_000],
      ['30901', 0, 570_300_000],
    ],
    { source: { module: 'OPENING' }, referenceCode: `SA-${year}` },
  );
}

/** A month's everyday journals: petty cash, office costs, rent income, salaries, bank interest and charges, the meeting, loan repayments. */
function monthJournals(journal: JournalOf, year: number, m: number): JournalInput[] {
  const mm = String(m).padStart(2, '0');
  const d = (day: number) => `${year}-${mm}-${String(day).padStart(2, '0')}`;
  const transport = 350_000 + ((m * 37) % 9) * 25_000;
  const utilities = 1_850_000 + m * 37_500;
  const batch: JournalInput[] = [];
  if (m === 1)
    batch.push(
      journal(d(2), 'Pembentukan dana kas kecil', [
        ['10102', 2_000_000, 0],
        ['10101', 0, 2_000_000],
      ]),
    );
  batch.push(
    journal(
      d(3),
      'Penarikan Bank BRI untuk kas operasional',
      [
        ['10101', 3_000_000, 0],
        ['10104', 0, 3_000_000],
      ],
      {
        referenceCode: `BRI-TRK-${year}${mm}`,
      },
    ),
  );
  batch.push(
    journal(d(5), 'Pembelian alat tulis kantor', [
      ['50203', 450_000 + m * 15_000, 0],
      ['10101', 0, 450_000 + m * 15_000],
    ]),
  );
  batch.push(
    journal(d(10), 'Pembayaran listrik, air dan telepon', [
      ['50202', utilities, 0],
      ['10101', 0, utilities],
    ]),
  );
  batch.push(
    journal(d(12), 'Biaya transportasi pengurus dan karyawan', [
      ['50204', transport, 0],
      ['10102', 0, transport],
    ]),
  );
  batch.push(
    journal(
      d(15),
      'Pendapatan sewa ruang usaha',
      [
        ['10105', 6_000_000, 0],
        ['40302', 0, 6_000_000],
      ],
      {
        referenceCode: `SEWA-${year}${mm}`,
      },
    ),
  );
  batch.push(
    journal(
      d(25),
      'Gaji dan tunjangan karyawan',
      [
        ['50201', 14_500_000, 0],
        ['10104', 0, 14_500_000],
      ],
      {
        referenceCode: `GAJI-${year}${mm}`,
      },
    ),
  );
  batch.push(
    journal(d(27), 'Pengisian kembali kas kecil', [
      ['10102', transport, 0],
      ['10101', 0, transport],
    ]),
  );
  batch.push(
    journal(
      d(28),
      'Jasa giro bank bulan berjalan',
      [
        ['10104', 420_000 + m * 11_000, 0],
        ['10105', 215_000, 0],
        ['40301', 0, 635_000 + m * 11_000],
      ],
      { referenceCode: `GIRO-${year}${mm}` },
    ),
  );
  batch.push(
    journal(d(28), 'Biaya administrasi bank', [
      ['50209', 25_000, 0],
      ['10104', 0, 15_000],
      ['10105', 0, 10_000],
    ]),
  );
  if (m === 2)
    batch.push(
      journal(d(20), 'Biaya Rapat Anggota Tahunan', [
        ['50208', 8_500_000, 0],
        ['10104', 0, 8_500_000],
      ]),
    );
  if (m % 3 === 0)
    batch.push(
      journal(d(18), 'Angsuran pokok utang bank', [
        ['20301', 12_500_000, 0],
        ['10104', 0, 12_500_000],
      ]),
    );
  return batch;
}

/** Month-end adjustments (Jurnal Penyesuaian): depreciation and prepaid rent. */
function monthEndJournals(journal: JournalOf, end: string): JournalInput[] {
  const batch: JournalInput[] = [];
  batch.push(
    journal(
      end,
      'Penyusutan aset tetap bulanan',
      [
        ['50206', 3_950_000, 0],
        ['10605', 0, 1_750_000],
        ['10606', 0, 1_400_000],
        ['10607', 0, 800_000],
      ],
      { source: { module: 'ADJUSTMENT' }, isAdjustment: true },
    ),
  );
  batch.push(
    journal(
      end,
      'Amortisasi sewa dibayar di muka',
      [
        ['50205', 1_000_000, 0],
        ['10501', 0, 1_000_000],
      ],
      {
        source: { module: 'ADJUSTMENT' },
        isAdjustment: true,
      },
    ),
  );
  return batch;
}

export async function seedLedgerDemo(db: Db, ctx: Ctx, info: TenantSeedInfo): Promise<void> {
  const today = todayJakarta();
  const year = Number(today.slice(0, 4));
  await db.tenant(info.tenantId, async (tx) => {
    const journal = journalBuilder(await accountIdsByCode(tx, info.tenantId));
    const opening = `${year}-01-01`;
    await post(tx, ctx, openingJournal(journal, year));

    const lastMonth = Number(today.slice(5, 7));
    for (let m = 1; m <= lastMonth; m++) {
      const end = monthEnd(`${year}-${String(m).padStart(2, '0')}-01`);
      const batch = [...monthJournals(journal, year, m), ...monthEndJournals(journal, end)];
      const due = batch.filter((j) => j.date <= today).sort((a, b) => a.date.localeCompare(b.date));
      await postMany(tx, ctx, due);
    }

    // A journal posted on the wrong account, cancelled, and posted again.
    const day = addDays(`${year}-01-01`, 20) <= today ? addDays(`${year}-01-01`, 20) : opening;
    const wrong = await post(
      tx,
      ctx,
      journal(day, 'Pembelian tinta printer', [
        ['50204', 275_000, 0],
        ['10101', 0, 275_000],
      ]),
    );
    await reverse(tx, ctx, wrong.id, 'Salah akun: seharusnya beban alat tulis kantor');
    await post(
      tx,
      ctx,
      journal(day, 'Pembelian tinta printer', [
        ['50203', 275_000, 0],
        ['10101', 0, 275_000],
      ]),
    );
  });
}
