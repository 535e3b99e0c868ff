/**
 * Realisasi tagihan (/reports/bill-realization): bills approved in a period
 * (GET report/bill/realization-periode: start, end, productId) with their
 * amount, admin fee, what was paid, deducted from savings, written off and is
 * still owed, the totals, and the server's Excel of the same rows.
 */
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DateField } from '../../../components/dates/DateField';
import { EmptyState } from '../../../components/EmptyState';
import { MoneyText } from '../../../components/money/MoneyText';
import { PageHeader } from '../../../components/PageHeader';
import { downloadServerExcel } from '../../../lib/api/download';
import { todayWib } from '../../../lib/dates';
import { useFormat } from '../../../lib/format';
import { notifyError } from '../../../lib/notify';
import { useBillProducts, useRealization } from '../api/bills';
import { BillStatusChip } from '../components/Chips';

export default function BillRealizationPage() {
  const { t } = useTranslation('bills');
  const f = useFormat();
  const navigate = useNavigate();
  const products = useBillProducts();
  const [end, setEnd] = useState<string | null>(todayWib());
  const [start, setStart] = useState<string | null>(`${todayWib().slice(0, 8)}01`);
  const [productId, setProductId] = useState('');
  const q = { start: start ?? '', end: end ?? '', productId };
  const r = useRealization(q);
  const money = ['amount', 'adminFee', 'paid', 'deducted', 'writtenOff', 'debt'] as const;

  return (
    <>
      <PageHeader
        title={t('report.title')}
        subtitle={t('report.subtitle')}
        breadcrumbs={[{ label: t('common:nav.report.title') }, { label: t('report.title') }]}
        actions={
          <Button
            variant="outlined"
            startIcon={<FileDownloadOutlined />}
            disabled={!r.data?.items.length}
            onClick={() =>
              downloadServerExcel(
                '/api/report/bill/realization-periode',
                { ...q, productId: productId || undefined },
                'realisasi-tagihan.xlsx',
              ).catch(notifyError)
            }
            data-testid="export-excel"
          >
            {t('common:table.exportExcel')}
          </Button>
        }
      />
      <Card>
        <CardContent>
          <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', mb: 2 }}>
            <DateField label={t('report.start')} value={start} onChange={setStart} sx={{ width: 180 }} />
            <DateField label={t('report.end')} value={end} onChange={setEnd} sx={{ width: 180 }} />
            <TextField
              select
              size="small"
              label={t('form.product')}
              value={productId}
              onChange={(e) => setProductId(e.target.value)}
              sx={{ width: 220 }}
            >
              <MenuItem value="">{t('list.allProducts')}</MenuItem>
              {(products.data ?? []).map((p) => (
                <MenuItem key={p.id} value={p.id}>
                  {p.name}
                </MenuItem>
              ))}
            </TextField>
          </Box>
          {r.isFetching && <LinearProgress sx={{ mb: 1 }} />}
          {r.isError ? (
            <EmptyState kind="loadFailed" onRetry={() => r.refetch()} />
          ) : r.data && !r.data.items.length ? (
            <EmptyState title={t('report.empty')} description={t('report.emptyHint')} />
          ) : r.data ? (
            <Box sx={{ overflowX: 'auto' }}>
              <Table size="small" data-testid="realization-table">
                <TableHead>
                  <TableRow>
                    <TableCell>{t('report.approvedDate')}</TableCell>
                    <TableCell>{t('bill.number')}</TableCell>
                    <TableCell>{t('bill.member')}</TableCell>
                    <TableCell>{t('bill.type')}</TableCell>
                    {money.map((k) => (
                      <TableCell key={k} align="right">
                        {t(`bill.${k}`)}
                      </TableCell>
                    ))}
                    <TableCell>{t('bill.status')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {r.data.items.map((b) => (
                    <TableRow key={b.id} hover sx={{ cursor: 'pointer' }} onClick={() => navigate(`/transactions/bills/${b.id}`)}>
                      <TableCell>{f.date(b.approvedDate)}</TableCell>
                      <TableCell>{b.billNumber}</TableCell>
                      <TableCell>
                        {b.memberName} · {b.name}
                      </TableCell>
                      <TableCell>{t(`type.${b.billType}`)}</TableCell>
                      {money.map((k) => (
                        <TableCell key={k} align="right">
                          <MoneyText value={b[k]} />
                        </TableCell>
                      ))}
                      <TableCell>
                        <BillStatusChip status={b.status} />
                      </TableCell>
                    </TableRow>
                  ))}
                  <TableRow sx={{ '& td': { fontWeight: 700 } }} data-testid="realization-total">
                    <TableCell colSpan={4}>{t('report.total', { n: r.data.totals.count })}</TableCell>
                    {money.map((k) => (
                      <TableCell key={k} align="right">
                        <MoneyText value={r.data.totals[k]} />
                      </TableCell>
                    ))}
                    <TableCell />
                  </TableRow>
                </TableBody>
              </Table>
            </Box>
          ) : null}
        </CardContent>
      </Card>
    </>
  );
}
