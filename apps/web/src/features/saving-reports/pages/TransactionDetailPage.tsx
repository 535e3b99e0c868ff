/** A transaction of the reports (/reports/transactions/:ref, ref = id or code TRX...), with its print layout. */
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Skeleton from '@mui/material/Skeleton';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { EmptyState } from '../../../components/EmptyState';
import { PageHeader } from '../../../components/PageHeader';
import { isApiError } from '../../../lib/api/errors';
import { useTransactionDetail } from '../api/transactionDetail';
import { TransactionDetailBody } from '../components/bodies/TransactionDetailBody';
import { PrintButton } from '../components/ReportActions';

export default function TransactionDetailPage() {
  const { t } = useTranslation('saving-reports');
  const { ref } = useParams();
  const q = useTransactionDetail(ref);
  const crumbs = [
    { label: t('common:nav.report.title') },
    { label: t('common:nav.report.transactions'), to: '/reports/transactions' },
    { label: q.data?.code ?? ref ?? '' },
  ];
  return (
    <>
      <PageHeader
        title={t('detail.title')}
        subtitle={q.data ? `${q.data.code} · ${q.data.activityLabel}` : undefined}
        breadcrumbs={crumbs}
        actions={q.data && <PrintButton path={`/reports/transactions/${q.data.id}/print`} query={{}} />}
      />
      {q.isPending ? (
        <Skeleton variant="rounded" height={420} sx={{ borderRadius: 3 }} />
      ) : q.data ? (
        <TransactionDetailBody data={q.data} />
      ) : (
        <Card>
          {isApiError(q.error) && (q.error.status === 404 || q.error.status === 400) ? (
            <EmptyState
              kind="notFound"
              description={q.error.message}
              action={<Button href="/reports/transactions">{t('detail.back')}</Button>}
            />
          ) : (
            <EmptyState kind="loadFailed" description={q.error?.message} onRetry={() => void q.refetch()} />
          )}
        </Card>
      )}
    </>
  );
}
