/** SHU lists, the member's slip, the report and their Excel sheets (docs/shu.md "Slips and report"). */

import type { ListQuery } from '@koperasi/contracts';
import { dec, formatRupiah, ZERO } from '@koperasi/finance';
import { SHU_ALLOCATIONS, type ShuAllocation } from '@koperasi/finance/shu';
import { terbilang } from '@koperasi/finance/terbilang';
import type { Ctx } from '../../lib/context.ts';
import { notFound } from '../../lib/errors.ts';
import { EXPORT_FETCH_LIMIT, type ExcelSheet } from '../../lib/excel.ts';
import { orderBy, paged } from '../../lib/http.ts';
import { withTx } from '../money/index.ts';
/** Members credited per committed transaction of a distribution (tests lower it to see several chunks). */
import { ALLOCATION_ACCOUNT, settingsAccounts } from './shu.distribution.ts';
import {
  accountsByIdsOrKeys,
  cooperativeName,
  DEFAULT_ACCOUNT_KEYS,
  findCalculation,
  MEMBER_SORT,
  type MemberShareRow,
  memberShares,
} from './shu.repo.ts';
import { calculationView } from './shu.service.ts';

// ---------------------------------------------------------------- lists, slip, report

function memberView(r: MemberShareRow) {
  return {
    memberId: r.member_id,
    cifNumber: r.cif_number,
    memberName: r.member_name,
    equityBasis: r.equity_basis,
    transactionBasis: r.transaction_basis,
    equityShare: r.equity_share,
    transactionShare: r.transaction_share,
    gross: r.gross,
    tax: r.tax,
    net: r.net,
    status: r.status,
    savingId: r.saving_id,
    accountNumber: r.account_number,
  };
}
export type ShuMemberView = ReturnType<typeof memberView>;

/** GET shu/calculation/members: a page of members' shares; `all` (Excel): every row, at most EXPORT_FETCH_LIMIT. */
export async function memberList(ctx: Ctx, q: ListQuery & { year: number }, all = false) {
  return withTx(ctx, async (tx) => {
    const c = await findCalculation(tx, q.year);
    if (!c) throw notFound('shu.not_calculated', { year: q.year });
    const order = orderBy(q.sortBy, q.sortBy ? q.ascOrDesc : 'ASC', MEMBER_SORT, 'cifNumber', 'x.member_id');
    const { rows, total } = await memberShares(tx, c.id, {
      search: q.search,
      order,
      limit: all ? EXPORT_FETCH_LIMIT : q.limit,
      offset: all ? 0 : q.page * q.limit,
    });
    return { calculation: calculationView(c), page: paged(rows.map(memberView), total, q.page, q.limit) };
  });
}

/** One member's SHU slip (printable): the year, the bases and shares, tax, net and where it went. */
export async function slip(ctx: Ctx, year: number, memberId: string) {
  return withTx(ctx, async (tx) => {
    const c = await findCalculation(tx, year);
    if (!c) throw notFound('shu.not_calculated', { year });
    const { rows } = await memberShares(tx, c.id, { memberId, order: 'ORDER BY x.member_id' });
    if (!rows.length) throw notFound('shu.member_not_found', { year });
    const cooperative = await cooperativeName(tx);
    const r = rows[0];
    return {
      cooperativeName: cooperative,
      year,
      calculationStatus: c.status,
      distributionDate: c.distribution_date,
      payout: c.payout,
      surplus: c.surplus,
      memberEquityAllocation: dec(c.allocations.MEMBER_EQUITY ?? 0),
      memberTransactionAllocation: dec(c.allocations.MEMBER_TRANSACTION ?? 0),
      totalEquityBasis: c.total_equity_basis,
      totalTransactionBasis: c.total_transaction_basis,
      taxPercent: (c.settings as { taxPercent?: number }).taxPercent ?? 10,
      ...memberView(r),
      netInWords: terbilang(r.net),
    };
  });
}

/**
 * The SHU report of a year: allocations with their accounts, totals, status (and the members for Excel: at most
 * `membersLimit` of them when given, the export's EXPORT_FETCH_LIMIT).
 */
export async function report(ctx: Ctx, year: number, membersLimit?: number) {
  return withTx(ctx, async (tx) => {
    const c = await findCalculation(tx, year);
    if (!c) throw notFound('shu.not_calculated', { year });
    const v = calculationView(c);
    const named: Record<string, string | null> = settingsAccounts(c);
    const accIds = Object.values(named).filter(Boolean) as string[];
    const accounts = new Map((await accountsByIdsOrKeys(tx, accIds, Object.values(DEFAULT_ACCOUNT_KEYS))).map((a) => [a.id, a]));
    const allocations = SHU_ALLOCATIONS.map((k) => {
      const accKey = ALLOCATION_ACCOUNT[k] ?? 'MEMBER_PAYABLE';
      const a = named[accKey] ? accounts.get(named[accKey]!) : undefined;
      return {
        key: k,
        share: (c.settings as { shares: Record<string, number> }).shares[k],
        planned: v.planned[k],
        amount: v.allocations[k],
        coaCode: a?.code ?? null,
        coaName: a?.name ?? null,
      };
    });
    const { rows } = await memberShares(tx, c.id, { order: 'ORDER BY m.cif_number, x.member_id', limit: membersLimit });
    return { ...v, allocationRows: allocations, members: rows.map(memberView) };
  });
}

const ALLOC_LABEL: Record<'id' | 'en', Record<ShuAllocation, string>> = {
  id: {
    RESERVE: 'Cadangan',
    MEMBER_EQUITY: 'Jasa modal anggota',
    MEMBER_TRANSACTION: 'Jasa usaha anggota',
    MANAGEMENT: 'Dana pengurus dan pengawas',
    EMPLOYEE: 'Dana karyawan',
    EDUCATION: 'Dana pendidikan',
    SOCIAL: 'Dana sosial',
    OTHER: 'Lain-lain',
  },
  en: {
    RESERVE: 'Reserve',
    MEMBER_EQUITY: 'Members: equity (jasa modal)',
    MEMBER_TRANSACTION: 'Members: transactions (jasa usaha)',
    MANAGEMENT: 'Management and supervisors',
    EMPLOYEE: 'Employees',
    EDUCATION: 'Education fund',
    SOCIAL: 'Social fund',
    OTHER: 'Others',
  },
};

export function memberSheet(ctx: Ctx, year: number, members: ShuMemberView[], title: string[]): ExcelSheet {
  const en = ctx.lang === 'en';
  return {
    name: en ? `SHU members ${year}` : `SHU anggota ${year}`,
    title,
    columns: [
      { key: 'cifNumber', header: en ? 'CIF' : 'No. Anggota', format: 'text' },
      { key: 'memberName', header: en ? 'Member' : 'Nama Anggota', width: 30 },
      { key: 'equityBasis', header: en ? 'Equity basis' : 'Dasar jasa modal', format: 'money' },
      { key: 'equityShare', header: en ? 'Jasa modal' : 'Jasa modal', format: 'money' },
      { key: 'transactionBasis', header: en ? 'Transaction basis' : 'Dasar jasa usaha', format: 'money' },
      { key: 'transactionShare', header: en ? 'Jasa usaha' : 'Jasa usaha', format: 'money' },
      { key: 'gross', header: en ? 'SHU (gross)' : 'SHU bruto', format: 'money' },
      { key: 'tax', header: en ? 'Tax' : 'Pajak', format: 'money' },
      { key: 'net', header: en ? 'SHU (net)' : 'SHU bersih', format: 'money' },
      { key: 'status', header: 'Status', format: 'text' },
      { key: 'accountNumber', header: en ? 'Savings account' : 'Rekening simpanan', format: 'text' },
    ],
    rows: [
      ...members.map((m) => ({ ...m })),
      {
        $style: 'total' as const,
        memberName: 'Total',
        equityShare: members.reduce((s, m) => s.plus(m.equityShare), ZERO),
        transactionShare: members.reduce((s, m) => s.plus(m.transactionShare), ZERO),
        gross: members.reduce((s, m) => s.plus(m.gross), ZERO),
        tax: members.reduce((s, m) => s.plus(m.tax), ZERO),
        net: members.reduce((s, m) => s.plus(m.net), ZERO),
      },
    ],
    autoFilter: true,
    landscape: true,
  };
}

export function allocationSheet(ctx: Ctx, r: Awaited<ReturnType<typeof report>>, title: string[]): ExcelSheet {
  const en = ctx.lang === 'en';
  const lang = en ? 'en' : 'id';
  return {
    name: en ? `SHU ${r.year}` : `SHU ${r.year}`,
    title,
    columns: [
      { key: 'label', header: en ? 'Allocation' : 'Alokasi', width: 34 },
      { key: 'share', header: '%', format: 'decimal' },
      { key: 'amount', header: en ? 'Amount' : 'Jumlah', format: 'money' },
      { key: 'coa', header: en ? 'Account' : 'Akun', width: 36 },
    ],
    rows: [
      ...r.allocationRows.map((a) => ({
        label: ALLOC_LABEL[lang][a.key],
        share: a.share,
        amount: a.amount,
        coa: a.coaCode ? `${a.coaCode} ${a.coaName}` : '',
      })),
      { $style: 'total' as const, label: en ? 'SHU of the year' : 'SHU tahun buku', share: 100, amount: r.surplus },
    ],
    notes: [
      `${en ? 'Rounding remainder to the reserve' : 'Sisa pembulatan ke cadangan'}: ${formatRupiah(r.remainderToReserve, lang)}`,
      `${en ? 'Members' : 'Anggota'}: ${r.memberCount}; ${en ? 'tax withheld' : 'pajak dipotong'}: ${formatRupiah(r.totals.tax, lang)}`,
    ],
  };
}
