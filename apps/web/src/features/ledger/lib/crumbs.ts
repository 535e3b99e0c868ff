/** Breadcrumbs and titles shared by the journal screens of both kinds. */
import type { TFunction } from 'i18next';
import type { Crumb } from '../../../components/PageHeader';
import type { JournalKind } from './types';

export function journalListPath(kind: JournalKind): string {
  return kind === 'adjustment' ? '/journal/adjustment' : '/journal/general';
}

/** Crumbs up to the kind's list (the page adds its own last crumb). */
export function journalCrumbs(t: TFunction, kind: JournalKind): Crumb[] {
  return kind === 'adjustment'
    ? [{ label: t('common:nav.adjustment_journal.title'), to: '/journal/adjustment' }]
    : [
        { label: t('common:nav.general_journal.title'), to: '/journal/general' },
        { label: t('common:nav.general_journal.list'), to: '/journal/general' },
      ];
}

export function reportCrumbs(t: TFunction, key: string): Crumb[] {
  return [{ label: t('common:nav.report.title') }, { label: t(`common:nav.report.${key}`) }];
}
