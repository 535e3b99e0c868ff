/**
 * SHU cash payout (docs/shu.md "Cash payout"): a member's net share left
 * payable by the distribution (payout CASH, or no voluntary savings to
 * credit) is paid in cash once: journal Dr SHU payable (the calculation's
 * member payable account), Cr the cash or bank account (the teller's own by
 * default). The member row becomes PAID under a row lock, so a second call
 * (or a concurrent one) pays nothing more; an Idempotency-Key replays the
 * first answer. A distribution with a cash payout can no longer be cancelled.
 */
import { translate } from '@koperasi/contracts';
import { dec } from '@koperasi/finance';
import type { Ctx } from '../../lib/context.ts';
import { AppError, conflict, notFound, unprocessable } from '../../lib/errors.ts';
import { displayDate, todayJakarta } from '../ledger/dates.ts';
import { isPeriodOpen, post } from '../ledger/posting.ts';
import { audit, withTx } from '../money/index.ts';
import { resolveCash } from '../savings/savings.core.ts';
import { lockMemberShare, markSharePaid } from './shu.calc.repo.ts';
import { distributionAccounts } from './shu.distribution.ts';
import { findCalculation } from './shu.repo.ts';

export interface PayCashInput {
  year: number;
  memberId: string;
  /** Cash or bank account paid from (default: the user's own cash account). */
  coaId?: string | null;
  /** Journal date (default today, WIB); in an open period, on or after the distribution date. */
  date?: string;
}

export async function payCash(ctx: Ctx, b: PayCashInput) {
  return withTx(
    ctx,
    async (tx) => {
      const c = await findCalculation(tx, b.year);
      if (!c || !['DISTRIBUTED', 'DISTRIBUTING'].includes(c.status))
        throw unprocessable('SHU_NOT_DISTRIBUTED', 'shu.not_distributed', { year: b.year });
      const m = await lockMemberShare(tx, c.id, b.memberId);
      if (!m) throw notFound('shu.member_not_found', { year: b.year });
      if (m.status === 'PAID')
        throw conflict('SHU_ALREADY_PAID', 'shu.already_paid', { name: m.member_name, date: displayDate(m.paid_date!) });
      if (m.status !== 'PAYABLE' || !dec(m.net).gt(0)) throw unprocessable('SHU_NOT_PAYABLE', 'shu.not_payable', { name: m.member_name });
      const date = b.date ?? todayJakarta();
      if (date > todayJakarta() || (c.distribution_date && date < c.distribution_date) || !(await isPeriodOpen(tx, date)))
        throw new AppError(422, 'SHU_PAY_DATE_INVALID', 'shu.pay_date_invalid', { from: displayDate(c.distribution_date ?? date) }, [
          { field: 'date', message: 'shu.pay_date_invalid' },
        ]);
      const cash = await resolveCash(tx, ctx, b.coaId);
      const payableId = (await distributionAccounts(tx, c)).MEMBER_PAYABLE;
      const amount = dec(m.net);
      const journal = await post(tx, ctx, {
        date,
        description: `Pembayaran tunai SHU tahun buku ${b.year} ${m.cif_number} ${m.member_name}`.slice(0, 500),
        referenceCode: `SHU-${b.year}-${m.cif_number}`,
        source: { module: 'SHU', id: c.id },
        lines: [
          { accountId: payableId, debit: amount },
          { accountId: cash.id, credit: amount },
        ],
      });
      await markSharePaid(tx, c.id, m.member_id, { journalId: journal.id, date, cashCoaId: cash.id, paidBy: ctx.userId });
      await audit(tx, ctx, {
        action: 'shu.pay_cash',
        entity: 'shu_calculation',
        entityId: c.id,
        before: { member: m.cif_number, status: 'PAYABLE' },
        after: { member: m.cif_number, status: 'PAID', amount: amount.toFixed(2), journal: journal.number, cash: cash.id, date },
      });
      return {
        year: b.year,
        memberId: m.member_id,
        cifNumber: m.cif_number,
        memberName: m.member_name,
        amount: amount.toNumber(),
        status: 'PAID' as const,
        date,
        journalId: journal.id,
        journalNumber: journal.number,
        cashCoaId: cash.id,
      };
    },
    { idempotent: true, message: translate('shu.paid_cash', ctx.lang, { year: b.year }) },
  );
}
