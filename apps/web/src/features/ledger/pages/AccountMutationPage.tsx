/** An account of the chart: its figures and its mutations over a period (opening, lines with running balance, closing, Excel). */
import ArrowBackRounded from '@mui/icons-material/ArrowBackRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { EmptyState } from '../../../components/EmptyState';
import { MoneyText } from '../../../components/money/MoneyText';
import { PageHeader } from '../../../components/PageHeader';
import { isApiError } from '../../../lib/api/errors';
import { useAccount } from '../api/getAccount';
import { MutationView } from '../components/MutationView';

export default function AccountMutationPage() {
  const { t } = useTranslation(['ledger', 'common']);
  const { id = '' } = useParams();
  const q = useAccount(id);
  const a = q.data;
  const crumbs = [
    { label: t('common:nav.settings.title') },
    { label: t('common:nav.settings.coa'), to: '/settings/coa' },
    { label: a ? a.code : t('coa.mutation') },
  ];
  const back = (
    <Button component={RouterLink} to="/settings/coa" startIcon={<ArrowBackRounded />} color="inherit">
      {t('actions.back')}
    </Button>
  );
  if (q.isError) {
    const notFound = isApiError(q.error) && q.error.status === 404;
    return (
      <>
        <PageHeader title={t('coa.mutation')} breadcrumbs={crumbs} actions={back} />
        <Card>
          <EmptyState kind={notFound ? 'notFound' : 'loadFailed'} onRetry={notFound ? undefined : () => void q.refetch()} />
        </Card>
      </>
    );
  }
  return (
    <>
      <PageHeader
        title={a ? `${a.code} · ${a.name}` : t('coa.mutation')}
        subtitle={t('coa.mutationSubtitle')}
        breadcrumbs={crumbs}
        actions={back}
      />
      {!a ? (
        <Skeleton variant="rounded" height={320} />
      ) : (
        <>
          <Card sx={{ mb: 3, p: 2.5, display: 'flex', flexWrap: 'wrap', gap: 4, alignItems: 'center' }} data-testid="account-summary">
            <Box>
              <Typography sx={{ fontSize: '0.75rem', color: 'text.secondary' }}>{t('col.type')}</Typography>
              <Typography sx={{ fontWeight: 600 }}>{t(`type.${a.type}`)}</Typography>
            </Box>
            <Box>
              <Typography sx={{ fontSize: '0.75rem', color: 'text.secondary' }}>{t('col.normalBalance')}</Typography>
              <Typography sx={{ fontWeight: 600 }}>{t(`normal.${a.normalBalance}`)}</Typography>
            </Box>
            <Box>
              <Typography sx={{ fontSize: '0.75rem', color: 'text.secondary' }}>{t('coa.parent')}</Typography>
              <Typography sx={{ fontWeight: 600 }}>{a.parentCode ? `${a.parentCode} · ${a.parentName}` : '-'}</Typography>
            </Box>
            <Box>
              <Typography sx={{ fontSize: '0.75rem', color: 'text.secondary' }}>{t('coa.balanceNow')}</Typography>
              <Typography sx={{ fontWeight: 700, fontSize: '1.1rem' }}>
                <MoneyText value={a.balance} colorNegative />
              </Typography>
            </Box>
            <Box sx={{ display: 'flex', gap: 1 }}>
              <Chip
                size="small"
                variant="outlined"
                color={a.isPostable ? 'primary' : 'default'}
                label={a.isPostable ? t('coa.postable') : t('coa.header')}
              />
              <Chip size="small" color={a.isActive ? 'success' : 'default'} label={a.isActive ? t('coa.activeYes') : t('coa.activeNo')} />
            </Box>
          </Card>
          <MutationView accountId={a.id} />
        </>
      )}
    </>
  );
}
