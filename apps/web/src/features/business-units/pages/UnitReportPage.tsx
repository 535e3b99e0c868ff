/**
 * Laporan Transaksi Unit Usaha (/reports/business-units): the units'
 * transactions with their journal numbers (report/journal-transaction-business-unit),
 * filtered by unit and kind, with Excel; a row opens its journal lines
 * (report/{id}/detail-journal-transaction-business-unit).
 */
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/PageHeader';
import { ServerDataTable } from '../../../components/table/ServerDataTable';
import { useFormat } from '../../../lib/format';
import { ALL_KINDS, listTransactions, type UnitTransaction, unitKey } from '../api/businessUnits';
import { transactionColumns, transactionSheet } from '../components/columns';
import { JournalDialog } from '../components/JournalDialog';
import { UnitFilter } from '../components/Parts';

export default function UnitReportPage() {
  const { t } = useTranslation('business-units');
  const f = useFormat();
  const [unit, setUnit] = useState('none');
  const [kind, setKind] = useState('none');
  const [journalOf, setJournalOf] = useState<string | null>(null);
  const columns = useMemo(() => transactionColumns(t, f), [t, f]);
  return (
    <>
      <PageHeader title={t('report.unitTitle')} breadcrumbs={[{ label: t('report.nav') }, { label: t('report.unitTitle') }]} />
      <ServerDataTable<UnitTransaction>
        queryKey={[...unitKey, 'report-journal']}
        fetchPage={listTransactions('/api/report/journal-transaction-business-unit')}
        filters={{ businessUnitId: unit, kind }}
        columns={columns}
        searchPlaceholder={t('tx.search')}
        emptyText={t('tx.empty')}
        onRowClick={(r) => setJournalOf(r.id)}
        excel={{
          fileName: 'laporan-transaksi-unit-usaha',
          title: t('report.unitTitle'),
          columns: transactionSheet(t),
          totalLabel: t('report.total'),
        }}
        toolbar={
          <>
            <UnitFilter value={unit} onChange={setUnit} />
            <TextField
              select
              size="small"
              label={t('field.kind')}
              value={kind}
              onChange={(e) => setKind(e.target.value)}
              sx={{ width: { xs: '100%', sm: 200 } }}
            >
              <MenuItem value="none">{t('filter.allKinds')}</MenuItem>
              {ALL_KINDS.map((k) => (
                <MenuItem key={k} value={k}>
                  {t(`kind.${k}`)}
                </MenuItem>
              ))}
            </TextField>
          </>
        }
      />
      {journalOf && <JournalDialog id={journalOf} onClose={() => setJournalOf(null)} />}
    </>
  );
}
