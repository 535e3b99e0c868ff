/**
 * Laporan Utang Anggota ke Unit Usaha (/reports/business-unit-debts): the
 * members' outstanding debts per unit (report/debt) with the total and Excel.
 */
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MoneyText } from '../../../components/money/MoneyText';
import { PageHeader } from '../../../components/PageHeader';
import { ServerDataTable } from '../../../components/table/ServerDataTable';
import { api } from '../../../lib/api/client';
import { listDebts, type MemberDebt, unitKey } from '../api/businessUnits';
import { debtColumns, debtSheet } from '../components/columns';
import { UnitFilter } from '../components/Parts';

export default function DebtReportPage() {
  const { t } = useTranslation('business-units');
  const [unit, setUnit] = useState('none');
  const columns = useMemo(() => debtColumns(t), [t]);
  const total = useQuery({
    queryKey: [...unitKey, 'report-debt-total', unit],
    queryFn: ({ signal }) =>
      api<{ totalDebt: number }>('/api/report/debt', {
        query: { businessUnitId: unit === 'none' ? undefined : unit, page: 0, limit: 1 },
        signal,
      }),
  });
  return (
    <>
      <PageHeader title={t('report.debtTitle')} breadcrumbs={[{ label: t('report.nav') }, { label: t('report.debtTitle') }]} />
      <ServerDataTable<MemberDebt>
        queryKey={[...unitKey, 'report-debt']}
        fetchPage={listDebts('/api/report/debt')}
        getRowId={(r) => `${r.businessUnitId}:${r.memberId}`}
        filters={{ businessUnitId: unit }}
        columns={columns}
        searchPlaceholder={t('debt.search')}
        emptyText={t('debt.empty')}
        excel={{ fileName: 'laporan-utang-unit-usaha', title: t('report.debtTitle'), columns: debtSheet(t), totalLabel: t('debt.total') }}
        toolbar={
          <>
            <UnitFilter value={unit} onChange={setUnit} />
            <Card variant="outlined" sx={{ px: 2, py: 1 }}>
              {t('debt.total')}:{' '}
              <Box component="span" data-testid="report-total-debt" sx={{ fontWeight: 700 }}>
                <MoneyText value={total.data?.totalDebt ?? null} empty="…" />
              </Box>
            </Card>
          </>
        }
      />
    </>
  );
}
