/**
 * Installment reminders (docs/loans.md "Reminders"): each day, one SMS per
 * unpaid installment due within the cooperative's N days (DUE) and per
 * overdue one (OVERDUE, when the setting is on), only to members whose
 * notification status allows messages (member.is_send_notification) and who
 * have a phone. At most one per installment, kind and day (loan_reminder's
 * unique key), so running it twice sends nothing twice. Members carry no
 * e-mail address: the EMAIL channel's template (subject + text) is ready for
 * when they do; until then reminders go by SMS.
 */
import { dec } from '@koperasi/finance';
import type { Db } from '../../db/db.ts';
import { systemCtx, withTx } from '../../lib/context.ts';
import { translate } from '../../lib/i18n.ts';
import type { Notifier } from '../../lib/notifier.ts';
import { loadPortfolioSetting } from './autodebit.repo.ts';
import { formatRupiahCtx, today } from './portfolio.util.ts';
import { cooperativeName, recordReminder, reminderCandidates } from './reminders.repo.ts';

const daysBetween = (a: string, b: string) => Math.round((Date.parse(b) - Date.parse(a)) / 86_400_000);

export async function sendReminders(db: Db, notifier: Notifier, tenantId: string, date: string = today()) {
  const ctx = systemCtx(db, tenantId, { requestId: `reminders-${date}` });
  return withTx(ctx, async (tx) => {
    const s = await loadPortfolioSetting(tx);
    const name = await cooperativeName(tx);
    const list = await reminderCandidates(tx, date, s.reminderDays, s.reminderOverdue);
    let due = 0;
    let overdue = 0;
    for (const c of list) {
      if (!(await recordReminder(tx, date, c, 'SMS', c.phone))) continue;
      const params = {
        name: c.member_name,
        number: c.number,
        loan: c.loan_number,
        amount: formatRupiahCtx('id', dec(c.amount)),
        date: c.due_date,
        days: daysBetween(c.due_date, date),
        cooperative: name,
      };
      const key = c.kind === 'DUE' ? 'portfolio.reminder_due_text' : 'portfolio.reminder_overdue_text';
      await notifier.send({
        channel: 'sms',
        to: c.phone,
        subject: translate('portfolio.reminder_subject', 'id', params),
        text: translate(key, 'id', params),
        tenantId,
      });
      if (c.kind === 'DUE') due++;
      else overdue++;
    }
    return { date, due, overdue, sent: due + overdue };
  });
}
