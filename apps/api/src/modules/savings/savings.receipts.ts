/**
 * A movement's receipt for printing (A5 or 80 mm, with the cooperative's
 * letterhead and the amount in words) and an account's passbook-style
 * statement for a period, with its Excel sheet.
 *
 * Decisions:
 *  - The passbook shows every row, cancelled ones marked and reversals
 *    included, so each row's balance is the account's true balance after it.
 *    Opening balance of a period: the balance after the last movement before it.
 *  - Dates and times are the cooperative's (WIB, UTC+7).
 *  - Agents (built-in AGENT role) get receipts only of what they entered.
 */
import { ZERO } from '@koperasi/finance';
import { terbilang } from '@koperasi/finance/terbilang';
import { type Ctx, withTx } from '../../lib/context.ts';
import type { ExcelSheet } from '../../lib/excel.ts';
import { displayDate, monthStart } from '../ledger/dates.ts';
import { activityLabel, rupiah, today } from './savings.core.ts';
import { accountFor, findTx } from './savings.lists.ts';
import { balanceBefore, cooperative, operationRows, statementRows } from './savings.receipts.repo.ts';
import { accountView, isCredit } from './savings.repo.ts';

// ---------------------------------------------------------------- receipt

const TITLES: Record<string, [string, string]> = {
  DEPOSIT: ['BUKTI SETORAN SIMPANAN', 'SAVINGS DEPOSIT RECEIPT'],
  OPENING: ['BUKTI SETORAN AWAL', 'INITIAL DEPOSIT RECEIPT'],
  AUTO_DEBIT: ['BUKTI AUTO DEBET', 'AUTO DEBIT RECEIPT'],
  WITHDRAWAL: ['BUKTI PENARIKAN SIMPANAN', 'SAVINGS WITHDRAWAL RECEIPT'],
  CASH_OUT_ONLINE: ['BUKTI PENARIKAN ONLINE', 'ONLINE WITHDRAWAL RECEIPT'],
  TRANSFER_OUT: ['BUKTI TRANSFER SIMPANAN', 'SAVINGS TRANSFER RECEIPT'],
  TRANSFER_IN: ['BUKTI TRANSFER SIMPANAN', 'SAVINGS TRANSFER RECEIPT'],
  CLOSING: ['BUKTI PENUTUPAN REKENING', 'ACCOUNT CLOSING RECEIPT'],
  CLOSING_FEE: ['BUKTI PENUTUPAN REKENING', 'ACCOUNT CLOSING RECEIPT'],
  EXIT: ['BUKTI PENGEMBALIAN SIMPANAN', 'SAVINGS RETURN RECEIPT'],
  REVERSAL: ['BUKTI PEMBATALAN TRANSAKSI', 'CANCELLATION RECEIPT'],
};

function wibParts(d: Date): { date: string; time: string } {
  const w = new Date(d.getTime() + 7 * 3600 * 1000).toISOString();
  return { date: w.slice(0, 10), time: `${w.slice(11, 19)} WIB` };
}

/**
 * GET /api/transaction/{id}/receipt: everything a printed receipt shows, for
 * the operation the transaction belongs to (both legs of a transfer, the fee
 * and payout of a closing). `paper` A5 (default) or 80MM only changes the
 * layout hints; the data is the same.
 */
export async function receipt(ctx: Ctx, by: 'id' | 'code', value: string, paper: 'A5' | '80MM') {
  return withTx(ctx, async (tx) => {
    const r = await findTx(tx, ctx, by, value);
    const group = await operationRows(tx, r.group_id);
    const coop = await cooperative(tx);
    const lang = ctx.lang;
    const main = group[0];
    const activity = group.find((g) => g.activity === 'TRANSFER_OUT')?.activity ?? main.activity;
    const transfer = activity === 'TRANSFER_OUT';
    // The amount of the operation: a transfer moves its amount once; a closing pays fee and payout from one balance.
    const amount = transfer ? main.amount : group.reduce((s, g) => s.plus(g.amount), ZERO);
    const source = transfer ? (group.find((g) => g.activity === 'TRANSFER_OUT') ?? main) : main;
    const when = wibParts(main.created_at);
    const [titleId, titleEn] = TITLES[activity] ?? ['BUKTI TRANSAKSI', 'TRANSACTION RECEIPT'];
    const cancelled = group.some((g) => g.status === 'CANCELLED');
    return {
      paper,
      title: lang === 'en' ? titleEn : titleId,
      cooperative: {
        name: coop.name,
        address: coop.address,
        phone: coop.phone,
        email: coop.email,
        logoUrl: coop.logo_url,
        cooperativeNumber: coop.cooperative_number,
        legalEntityNumber: coop.legal_entity_number,
      },
      code: main.code,
      status: cancelled ? ('CANCELLED' as const) : ('POSTED' as const),
      date: when.date,
      dateText: displayDate(when.date),
      time: when.time,
      member: { cifNumber: source.cif_number, name: source.member_name },
      account: { number: source.account_number, productName: source.product_name },
      lines: group.map((g) => ({
        label: `${activityLabel(g.activity, lang)} ${g.product_name}`,
        memberName: g.member_name,
        cifNumber: g.cif_number,
        accountNumber: g.account_number,
        kind: g.kind,
        amount: g.amount,
        amountText: rupiah(ctx, g.amount),
        balanceAfter: g.balance_after,
        balanceAfterText: rupiah(ctx, g.balance_after),
      })),
      amount,
      amountText: rupiah(ctx, amount),
      amountInWords: terbilang(amount, lang),
      balanceAfter: source.balance_after,
      balanceAfterText: rupiah(ctx, source.balance_after),
      cashAccount: main.cash_coa_id ? `${main.cash_code} ${main.cash_name}` : (group.find((g) => g.cash_coa_id)?.cash_name ?? null),
      teller: main.teller_name,
      channel: main.channel,
      description: main.description,
      journalNumber: main.journal_number,
      cancelReason: cancelled ? main.cancel_reason : null,
      printedAt: new Date().toISOString(),
      footer:
        lang === 'en'
          ? 'Keep this receipt as valid proof of the transaction. Thank you.'
          : 'Simpan bukti ini sebagai tanda terima yang sah. Terima kasih.',
      layout:
        paper === '80MM'
          ? { widthMm: 80, charactersPerLine: 42, fontSizePt: 9 }
          : { widthMm: 148, heightMm: 210, charactersPerLine: 80, fontSizePt: 10 },
    };
  });
}

// ---------------------------------------------------------------- passbook

/**
 * GET transaction/product/{id}/passbook: the account's statement for a period, like a printed savings book. `limit`
 * (the Excel export: EXPORT_FETCH_LIMIT): at most that many movements, so a larger export is refused, never cut short.
 */
export async function passbook(ctx: Ctx, savingId: string, q: { start?: string; end?: string }, limit?: number) {
  return withTx(ctx, async (tx) => {
    const a = await accountFor(tx, ctx, savingId);
    const end = q.end ?? today();
    const start = q.start ?? a.open_date ?? monthStart(end);
    const before = await balanceBefore(tx, savingId, start);
    const rows = await statementRows(tx, savingId, start, end, limit);
    const opening = before?.balance_after ?? ZERO;
    let credit = ZERO;
    let debit = ZERO;
    const lines = rows.map((r, i) => {
      const c = isCredit(r.kind);
      if (c) credit = credit.plus(r.amount);
      else debit = debit.plus(r.amount);
      return {
        no: i + 1,
        date: r.transaction_date,
        code: r.code,
        description: [activityLabel(r.activity, ctx.lang), r.description].filter(Boolean).join(' - '),
        debit: c ? ZERO : r.amount,
        credit: c ? r.amount : ZERO,
        balance: r.balance_after,
        teller: r.teller_name,
        status: r.reversal_of_id ? 'REVERSAL' : r.status,
      };
    });
    const coop = await cooperative(tx);
    return {
      cooperative: { name: coop.name, address: coop.address },
      account: accountView(a),
      start,
      end,
      openingBalance: opening,
      totalCredit: credit,
      totalDebit: debit,
      closingBalance: lines.length ? lines[lines.length - 1].balance : opening,
      rows: lines,
    };
  });
}

export function passbookSheet(pb: Awaited<ReturnType<typeof passbook>>, ctx: Ctx): ExcelSheet {
  const en = ctx.lang === 'en';
  return {
    name: en ? 'Passbook' : 'Buku Tabungan',
    title: [
      pb.cooperative.name,
      `${en ? 'Account statement' : 'Rekening koran'} ${pb.account.accountNumber} - ${pb.account.productName}`,
      `${pb.account.memberName} (${pb.account.cifNumber})`,
      `${displayDate(pb.start)} s.d. ${displayDate(pb.end)}`,
    ],
    columns: [
      { key: 'no', header: 'No', format: 'integer', width: 6 },
      { key: 'date', header: en ? 'Date' : 'Tanggal', format: 'date' },
      { key: 'code', header: en ? 'Code' : 'Kode', width: 20 },
      { key: 'description', header: en ? 'Description' : 'Keterangan', width: 36 },
      { key: 'debit', header: en ? 'Debit' : 'Debet', format: 'money' },
      { key: 'credit', header: en ? 'Credit' : 'Kredit', format: 'money' },
      { key: 'balance', header: en ? 'Balance' : 'Saldo', format: 'money' },
      { key: 'teller', header: en ? 'User' : 'Petugas', width: 16 },
    ],
    rows: [
      {
        no: null,
        date: pb.start,
        code: '',
        description: en ? 'Opening balance' : 'Saldo awal',
        debit: null,
        credit: null,
        balance: pb.openingBalance,
        $style: 'section',
      },
      ...pb.rows.map((r) => ({ ...r, $style: r.status === 'POSTED' ? ('normal' as const) : ('muted' as const) })),
      {
        no: null,
        date: pb.end,
        code: '',
        description: 'Total',
        debit: pb.totalDebit,
        credit: pb.totalCredit,
        balance: pb.closingBalance,
        $style: 'total',
      },
    ],
  };
}
