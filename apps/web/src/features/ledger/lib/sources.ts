/**
 * Where a journal comes from and the screen that shows its source record
 * ("every journal shows its source and links back to it", issue 4).
 *
 * The link-back contract for the modules that post (their screens serve these
 * paths): `<menu path of the module>/<source id>`, the source id being the id
 * the module gave `post()` (`source.id`):
 *   SAVING, DEPOSIT, LOAN, BILL → /transactions/history/:id (the member transaction)
 *   TELLER → /teller/history/:id, INTEREST → /interest-release/consolidation/:id,
 *   BUSINESS_UNIT → /business-units/transactions/:id, SHU → /shu, MIGRATION → /settings/migration.
 * The ledger's own sources open ledger screens: a balance adjustment its
 * account's mutations, a year-end closing the closing screen of that year.
 * Manual and adjustment journals are their own source (no link).
 */
import { JOURNAL_SOURCES } from '@koperasi/contracts/ledger';

export const SOURCE_FILTERS = JOURNAL_SOURCES;

export function sourceLink(module: string, id: string | null): string | null {
  const ref = id ? encodeURIComponent(id) : null;
  switch (module) {
    case 'MANUAL':
    case 'ADJUSTMENT':
      return null;
    case 'BALANCE_ADJUSTMENT':
      return ref ? `/settings/coa/${ref}` : '/settings/coa';
    case 'OPENING':
      return '/settings/coa';
    case 'CLOSING':
      return ref ? `/journal/closing?year=${ref}` : '/journal/closing';
    case 'SAVING':
    case 'DEPOSIT':
    case 'LOAN':
    case 'BILL':
      return ref ? `/transactions/history/${ref}` : '/transactions/history';
    case 'TELLER':
      return ref ? `/teller/history/${ref}` : '/teller/history';
    case 'INTEREST':
      return ref ? `/interest-release/consolidation/${ref}` : '/interest-release/consolidation';
    case 'BUSINESS_UNIT':
      return ref ? `/business-units/transactions/${ref}` : '/business-units/transactions';
    case 'SHU':
      return '/shu';
    case 'MIGRATION':
      return '/settings/migration';
    default:
      return null;
  }
}

/** The detail screen of a journal: adjustment journals open in Jurnal Penyesuaian, the rest in Jurnal Umum. */
export function journalPath(j: { id: string; isAdjustment?: boolean }, prefer?: 'general' | 'adjustment'): string {
  const kind = prefer ?? (j.isAdjustment ? 'adjustment' : 'general');
  return `/journal/${kind}/${j.id}`;
}
