/**
 * Kas & Bank: the cash and bank accounts (postable accounts below 101) with
 * their balances and total, and the chosen account's mutations with running
 * balance over a period, with Excel of both.
 */
import AccountBalanceOutlined from '@mui/icons-material/AccountBalanceOutlined';
import PaymentsOutlined from '@mui/icons-material/PaymentsOutlined';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Skeleton from '@mui/material/Skeleton';
import { alpha } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/EmptyState';
import { ExportExcelButton } from '../../../components/ExportExcelButton';
import { MoneyText } from '../../../components/money/MoneyText';
import { PageHeader } from '../../../components/PageHeader';
import { useFormat } from '../../../lib/format';
import { useCashBankAccounts } from '../api/cashBankAccounts';
import { MutationView } from '../components/MutationView';

/** Bank accounts by name; the rest is cash. */
export const isBank = (name: string) => /\bbank\b|\bbri\b|\bbni\b|\bbca\b|mandiri|\bbsi\b|\bbpd\b/i.test(name);

export default function CashBankPage() {
  const { t } = useTranslation(['ledger', 'common']);
  const f = useFormat();
  const [params, setParams] = useSearchParams();
  const q = useCashBankAccounts();
  const accounts = (q.data ?? []).filter((a) => a.isActive || a.balance !== 0);
  const selectedId = params.get('account') ?? accounts[0]?.id ?? null;
  const selected = accounts.find((a) => a.id === selectedId || a.code === selectedId) ?? null;
  const total = accounts.reduce((s, a) => s + Math.round((a.balance ?? 0) * 100), 0) / 100;
  return (
    <>
      <PageHeader
        title={t('common:nav.cash_bank.title')}
        subtitle={t('cashBank.subtitle')}
        breadcrumbs={[{ label: t('common:nav.cash_bank.title') }]}
        actions={
          <ExportExcelButton
            fileName="saldo-kas-bank"
            title={t('cashBank.balancesTitle')}
            subtitle={f.date(new Date(), 'dateTime')}
            rows={accounts}
            columns={[
              { header: t('col.code'), value: 'code', width: 14 },
              { header: t('col.accountName'), value: 'name', width: 40 },
              { header: t('col.balance'), value: 'balance', type: 'money', width: 22 },
            ]}
            label={t('cashBank.exportBalances')}
          />
        }
      />
      {q.isError ? (
        <Card>
          <EmptyState kind="loadFailed" onRetry={() => void q.refetch()} />
        </Card>
      ) : q.isLoading ? (
        <Skeleton variant="rounded" height={160} />
      ) : accounts.length === 0 ? (
        <Card>
          <EmptyState kind="noData" description={t('cashBank.none')} />
        </Card>
      ) : (
        <>
          <Box
            sx={{
              display: 'grid',
              gap: 2,
              gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(4, minmax(0, 1fr))' },
              mb: 3,
            }}
            data-testid="cash-bank-accounts"
          >
            <Card
              sx={(th) => ({
                p: 2.5,
                gridColumn: { xs: '1 / -1', lg: 'auto' },
                bgcolor: alpha(th.palette.primary.main, 0.08),
                border: 1,
                borderColor: alpha(th.palette.primary.main, 0.3),
              })}
              data-testid="cash-bank-total"
            >
              <Typography sx={{ fontSize: '0.75rem', color: 'text.secondary' }}>
                {t('cashBank.total', { count: accounts.length })}
              </Typography>
              <Typography sx={{ fontWeight: 700, fontSize: '1.35rem', color: 'primary.main' }}>
                <MoneyText value={total} colorNegative />
              </Typography>
            </Card>
            {accounts.map((a) => {
              const active = selected?.id === a.id;
              const Icon = isBank(a.name) ? AccountBalanceOutlined : PaymentsOutlined;
              return (
                <Card
                  key={a.id}
                  sx={(th) => ({ border: 2, borderColor: active ? th.palette.primary.main : 'transparent', opacity: a.isActive ? 1 : 0.6 })}
                  data-testid={`cash-account-${a.code}`}
                >
                  <CardActionArea
                    onClick={() => setParams({ account: a.id })}
                    sx={{ p: { xs: 1.75, md: 2.5 }, height: '100%' }}
                    aria-pressed={active}
                  >
                    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
                      <Box
                        sx={(th) => ({
                          width: 40,
                          height: 40,
                          borderRadius: 2,
                          display: 'grid',
                          placeItems: 'center',
                          color: 'primary.main',
                          bgcolor: alpha(th.palette.primary.main, 0.1),
                          flexShrink: 0,
                        })}
                      >
                        <Icon fontSize="small" />
                      </Box>
                      <Box sx={{ minWidth: 0 }}>
                        <Typography sx={{ fontSize: '0.75rem', color: 'text.secondary', fontFamily: 'monospace' }}>{a.code}</Typography>
                        <Typography sx={{ fontWeight: 600, fontSize: '0.875rem' }} noWrap title={a.name}>
                          {a.name}
                        </Typography>
                      </Box>
                    </Box>
                    <Typography sx={{ fontWeight: 700, fontSize: { xs: '0.95rem', md: '1.1rem' }, mt: 1.5 }}>
                      <MoneyText value={a.balance} colorNegative />
                    </Typography>
                  </CardActionArea>
                </Card>
              );
            })}
          </Box>
          {selected && (
            <MutationView
              key={selected.id}
              accountId={selected.id}
              title={
                <>
                  <Typography variant="h6">{t('cashBank.mutationOf', { name: selected.name })}</Typography>
                  <Typography sx={{ fontSize: '0.8125rem', color: 'text.secondary', fontFamily: 'monospace' }}>{selected.code}</Typography>
                </>
              }
            />
          )}
        </>
      )}
    </>
  );
}
