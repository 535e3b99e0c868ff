import type { Catalog } from './types.ts';

/** Teller sessions (buka/tutup kas), cash handovers, the agent's dashboard and report. */
export const tellerMessages = {
  'field.openingBalance': { id: 'Saldo awal', en: 'Opening balance' },
  'field.target': { id: 'Tujuan serah terima', en: 'Handover target' },
  'field.toUserId': { id: 'Teller penerima', en: 'Receiving teller' },
  'field.denomination': { id: 'Pecahan', en: 'Denomination' },
  'field.count': { id: 'Jumlah lembar/keping', en: 'Count' },
  'field.body': { id: 'Rincian pecahan kas', en: 'Cash count' },
  'field.date': { id: 'Tanggal', en: 'Date' },

  'teller.session_opened': { id: 'Kas teller berhasil dibuka', en: 'Teller session opened' },
  'teller.session_closed': { id: 'Kas teller berhasil ditutup', en: 'Teller session closed' },
  'teller.handover_sent': {
    id: 'Serah terima kas dikirim, menunggu konfirmasi penerima',
    en: 'Cash handover sent, waiting for the receiver to confirm',
  },
  'teller.handover_confirmed': { id: 'Serah terima kas dikonfirmasi dan dibukukan', en: 'Cash handover confirmed and posted' },
  'teller.handover_rejected': { id: 'Serah terima kas ditolak', en: 'Cash handover rejected' },

  'teller.session_required': {
    id: 'Buka kas teller terlebih dahulu sebelum bertransaksi (menu Transaksi Teller > Buka Kas)',
    en: 'Open your teller session before making transactions (Teller Transactions > Open session)',
  },
  'teller.cash_account_missing': {
    id: 'Anda belum memiliki akun kas teller; minta admin menetapkan akun COA kas untuk Anda',
    en: 'You have no teller cash account yet; ask an admin to assign you a cash COA account',
  },
  'teller.session_exists': { id: 'Kas teller tanggal {date} sudah dibuka', en: 'The teller session of {date} was already opened' },
  'teller.previous_session_open': {
    id: 'Kas teller tanggal {date} belum ditutup; tutup kas tersebut terlebih dahulu',
    en: 'The teller session of {date} is still open; close it first',
  },
  'teller.date_not_today': {
    id: 'Kas teller hanya dapat dibuka untuk hari ini ({today})',
    en: 'A teller session can only be opened for today ({today})',
  },
  'teller.opening_mismatch': {
    id: 'Saldo awal {opening} tidak sama dengan saldo akun kas {account} sebesar {balance}',
    en: 'Opening balance {opening} differs from the {account} cash account balance of {balance}',
  },
  'teller.session_not_found': { id: 'Sesi kas teller tidak ditemukan', en: 'Teller session not found' },
  'teller.session_not_open': { id: 'Sesi kas teller sudah ditutup', en: 'The teller session is already closed' },
  'teller.no_open_session': { id: 'Anda tidak memiliki sesi kas teller yang terbuka', en: 'You have no open teller session' },
  'teller.opening_differs': {
    id: 'Saldo awal {given} tidak sama dengan saldo awal sesi {opening}',
    en: 'Opening balance {given} differs from the session’s opening balance {opening}',
  },
  'teller.reason_required': { id: 'Alasan wajib diisi', en: 'Reason is required' },
  'teller.difference_reason_required': {
    id: 'Kas dihitung {counted} berbeda {difference} dari kas seharusnya {expected}; alasan selisih wajib diisi',
    en: 'Counted cash {counted} differs by {difference} from the expected {expected}; a reason for the difference is required',
  },
  'teller.pending_approval': {
    id: 'Kas belum dapat ditutup: {count} transaksi sesi ini masih menunggu persetujuan',
    en: 'The session cannot close yet: {count} transaction(s) of this session are waiting for approval',
  },
  'teller.pending_handover': {
    id: 'Kas belum dapat ditutup: {count} serah terima kas masih menunggu konfirmasi',
    en: 'The session cannot close yet: {count} cash handover(s) are waiting for confirmation',
  },
  'teller.not_own_session': {
    id: 'Hanya teller pemilik sesi yang dapat menutup kas ini',
    en: 'Only the session’s own teller can close it',
  },
  'teller.denomination_invalid': {
    id: 'Pecahan harus salah satu dari 100.000, 50.000, 20.000, 10.000, 5.000, 2.000, 1.000, 500, 200 atau 100',
    en: 'Denomination must be one of 100,000, 50,000, 20,000, 10,000, 5,000, 2,000, 1,000, 500, 200 or 100',
  },
  'teller.denomination_duplicate': {
    id: 'Pecahan {denomination} disebut lebih dari sekali',
    en: 'Denomination {denomination} is listed more than once',
  },
  'teller.handover_target_invalid': {
    id: 'Tujuan serah terima harus MAIN_CASH atau TELLER',
    en: 'Handover target must be MAIN_CASH or TELLER',
  },
  'teller.handover_receiver_required': { id: 'Teller penerima wajib dipilih', en: 'Choose the receiving teller' },
  'teller.handover_receiver_invalid': {
    id: 'Penerima harus teller lain yang memiliki akun kas',
    en: 'The receiver must be another teller holding a cash account',
  },
  'teller.handover_not_found': { id: 'Serah terima kas tidak ditemukan', en: 'Cash handover not found' },
  'teller.handover_decided': { id: 'Serah terima kas ini sudah {status}', en: 'This cash handover is already {status}' },
  'teller.handover_not_receiver': {
    id: 'Hanya pihak penerima yang dapat mengonfirmasi serah terima kas ini',
    en: 'Only the receiving side can confirm this cash handover',
  },
  'teller.insufficient_cash': {
    id: 'Kas teller tidak cukup: saldo {balance}, diminta {amount}',
    en: 'Not enough cash in the teller account: balance {balance}, requested {amount}',
  },
  'teller.difference_journal': {
    id: 'Selisih kas teller {teller} tanggal {date}: {reason}',
    en: 'Teller cash difference {teller} on {date}: {reason}',
  },
  'teller.handover_journal': { id: 'Serah terima kas {from} ke {to}', en: 'Cash handover {from} to {to}' },
  'teller.cash_not_own': {
    id: 'Teller hanya boleh memakai kas sesinya sendiri ({own}); akun kas {code} {name} tidak dapat dipilih. Akun bank tetap boleh dipilih',
    en: 'A teller may only use her own session cash ({own}); cash account {code} {name} cannot be chosen. Bank accounts are still allowed',
  },
  'teller.agent_not_found': { id: 'Petugas (agen) tidak ditemukan', en: 'Agent not found' },
  'teller.agent_report_title': { id: 'Laporan Transaksi Agen', en: 'Agent Transactions Report' },
} satisfies Catalog;
