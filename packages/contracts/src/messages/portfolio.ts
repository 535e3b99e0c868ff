import type { Catalog } from './types.ts';

/** Loan portfolio: loan loss provision (PPAP), auto debit of installments, reminders. docs/loans.md "Portfolio". */
export const portfolioMessages = {
  'portfolio.period_invalid': { id: 'Periode harus berformat YYYY-MM', en: 'The period must be YYYY-MM' },
  'portfolio.period_not_ended': {
    id: 'Periode {period} belum berakhir; PPAP diposting pada hari terakhir bulan ({date})',
    en: "Period {period} has not ended; the provision is posted on the month's last day ({date})",
  },
  'portfolio.provision_posted': {
    id: 'PPAP periode {period} sudah diposting (jurnal {journal}); batalkan dulu untuk memposting ulang',
    en: 'The provision of {period} is already posted (journal {journal}); cancel it first to post again',
  },
  'portfolio.provision_later_posted': {
    id: 'PPAP periode {later} yang lebih baru sudah diposting; batalkan dulu sebelum memposting {period}',
    en: 'The provision of the later period {later} is posted; cancel it before posting {period}',
  },
  'portfolio.provision_not_found': { id: 'Posting PPAP tidak ditemukan', en: 'Provision posting not found' },
  'portfolio.provision_not_latest': {
    id: 'Hanya posting PPAP terakhir ({period}) yang dapat dibatalkan',
    en: 'Only the latest provision posting ({period}) can be cancelled',
  },
  'portfolio.provision_cancelled': { id: 'Posting PPAP {period} sudah dibatalkan', en: 'The provision of {period} is already cancelled' },
  'portfolio.provision_done': { id: 'PPAP periode {period} diposting', en: 'Provision of {period} posted' },
  'portfolio.provision_cancel_done': { id: 'Posting PPAP {period} dibatalkan', en: 'Provision of {period} cancelled' },
  'portfolio.date_future': { id: 'Tanggal {date} belum tiba', en: 'The date {date} is in the future' },
  'portfolio.auto_debit_done': {
    id: 'Autodebet {date}: {paid} lunas, {partial} sebagian, {failed} gagal',
    en: 'Auto debit {date}: {paid} paid, {partial} partial, {failed} failed',
  },
  'portfolio.no_source_of_fund': {
    id: 'Anggota tidak memiliki rekening sumber dana aktif',
    en: 'The member has no active source-of-fund account',
  },
  'portfolio.balance_short': {
    id: 'Saldo yang dapat ditarik {available} kurang dari tagihan {due}',
    en: 'The withdrawable balance {available} is below the amount due {due}',
  },
  'portfolio.reminders_sent': { id: '{count} pengingat angsuran dikirim', en: '{count} installment reminders sent' },
  'portfolio.reminder_due_text': {
    id: 'Yth. {name}, angsuran ke-{number} pinjaman {loan} sebesar {amount} jatuh tempo {date}. Terima kasih. {cooperative}',
    en: 'Dear {name}, installment {number} of loan {loan}, {amount}, falls due on {date}. Thank you. {cooperative}',
  },
  'portfolio.reminder_overdue_text': {
    id: 'Yth. {name}, angsuran ke-{number} pinjaman {loan} sebesar {amount} telah lewat jatuh tempo {date} ({days} hari). Mohon segera dibayar. {cooperative}',
    en: 'Dear {name}, installment {number} of loan {loan}, {amount}, has been overdue since {date} ({days} days). Please pay soon. {cooperative}',
  },
  'portfolio.reminder_subject': { id: 'Pengingat angsuran pinjaman {loan}', en: 'Loan installment reminder {loan}' },
  'portfolio.settings_saved': { id: 'Pengaturan portofolio disimpan', en: 'Portfolio settings saved' },
} satisfies Catalog;
