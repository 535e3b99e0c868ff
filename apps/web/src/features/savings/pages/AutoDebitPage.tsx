/**
 * Auto Debet (/transactions/auto-debit): the accounts whose dues are debited
 * automatically (mandatory, plan, principal savings) with the member's
 * source-of-fund account and its balance; the ones that cannot be collected
 * (no source of fund, or a source whose available balance is below the plan
 * instalment) are flagged. Auto debit is switched off here, and on from the
 * teller screen's account menu.
 */

import SearchRounded from '@mui/icons-material/SearchRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import InputAdornment from '@mui/material/InputAdornment';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useConfirm } from '../../../components/ConfirmDialog';
import { EmptyState } from '../../../components/EmptyState';
import { ExportExcelButton } from '../../../components/ExportExcelButton';
import { MoneyText } from '../../../components/money/MoneyText';
import { PageHeader } from '../../../components/PageHeader';
import { useAuth } from '../../../lib/auth/AuthProvider';
import { useFormat } from '../../../lib/format';
import { notifyError } from '../../../lib/notify';
import { type AutoDebitRow, useAutoDebit } from '../api/autoDebitAccounts';
import { useSetFlag } from '../api/flags';
import { exceedsAvailable } from '../lib/amounts';

export function autoDebitState(r: AutoDebitRow): 'NO_SOURCE' | 'LOW_SOURCE' | 'READY' {
  if (!r.source) return 'NO_SOURCE';
  const due = r.account.planMonthlyAmount;
  if (due && exceedsAvailable(due, r.source.availableBalance)) return 'LOW_SOURCE';
  return 'READY';
}

export default function AutoDebitPage() {
  const { t } = useTranslation('savings');
  const f = useFormat();
  const { can } = useAuth();
  const q = useAutoDebit();
  const setFlag = useSetFlag();
  const { confirm, dialog } = useConfirm();
  const [search, setSearch] = useState('');
  const s = search.trim().toLowerCase();
  const rows = (q.data?.rows ?? []).filter(
    (r) =>
      !s ||
      r.account.memberName.toLowerCase().includes(s) ||
      r.account.cifNumber.toLowerCase().includes(s) ||
      r.account.accountNumber.toLowerCase().includes(s),
  );
  const canUpdate = can('member_transaction', 'update');

  const off = async (r: AutoDebitRow) => {
    if (
      !(await confirm({ title: t('flags.autoDebitOffTitle'), message: t('flags.autoDebitOffText', { number: r.account.accountNumber }) }))
    )
      return;
    await setFlag.mutateAsync({ flag: 'autoDebit', savingId: r.account.id, isAutoDebit: false }).catch(notifyError);
  };

  return (
    <>
      <PageHeader
        title={t('autoDebit.title')}
        subtitle={t('autoDebit.subtitle')}
        breadcrumbs={[{ label: t('common:nav.member_transaction.title') }, { label: t('autoDebit.title') }]}
      />
      <Card data-testid="auto-debit">
        <Box sx={{ p: 2.5, pb: 2, display: 'flex', gap: 1.5, flexWrap: 'wrap', alignItems: 'center' }}>
          <TextField
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            placeholder={t('autoDebit.search')}
            sx={{ width: { xs: '100%', sm: 300 } }}
            slotProps={{
              htmlInput: { 'data-testid': 'auto-debit-search' },
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchRounded fontSize="small" />
                  </InputAdornment>
                ),
              },
            }}
          />
          <Box sx={{ flex: 1 }} />
          {q.data && (
            <Chip
              label={t('autoDebit.count', { count: q.data.rows.length })}
              color="primary"
              variant="outlined"
              data-testid="auto-debit-count"
            />
          )}
          <ExportExcelButton
            fileName="auto-debet"
            title={t('autoDebit.title')}
            rows={rows}
            columns={[
              { header: t('member.cif'), value: (r) => r.account.cifNumber, width: 14 },
              { header: t('account.member'), value: (r) => r.account.memberName, width: 26 },
              { header: t('account.number'), value: (r) => r.account.accountNumber, width: 14 },
              { header: t('open.product'), value: (r) => r.account.productName, width: 20 },
              { header: t('account.balance'), value: (r) => r.account.balance, type: 'money' },
              { header: t('plan.monthly'), value: (r) => r.account.planMonthlyAmount, type: 'money' },
              { header: t('autoDebit.source'), value: (r) => r.source?.accountNumber ?? '', width: 14 },
              { header: t('autoDebit.sourceAvailable'), value: (r) => r.source?.availableBalance ?? null, type: 'money' },
              { header: t('tx.status'), value: (r) => t(`autoDebit.state.${autoDebitState(r)}`), width: 22 },
            ]}
          />
        </Box>
        {q.data?.truncated && (
          <Alert severity="warning" sx={{ mx: 2.5, mb: 2 }}>
            {t('autoDebit.truncated', { scanned: f.number(q.data.scanned), total: f.number(q.data.total) })}
          </Alert>
        )}
        {q.isError ? (
          <EmptyState kind="loadFailed" onRetry={() => void q.refetch()} />
        ) : q.isLoading ? (
          <Box sx={{ px: 2.5, pb: 2.5 }}>
            <Skeleton variant="rounded" height={240} />
          </Box>
        ) : rows.length === 0 ? (
          <EmptyState kind={s ? 'noRecord' : 'noData'} description={s ? undefined : t('autoDebit.emptyHint')} />
        ) : (
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small" sx={{ minWidth: 860 }} data-testid="auto-debit-table">
              <TableHead>
                <TableRow sx={{ bgcolor: 'action.hover', '& th': { fontWeight: 600, fontSize: '0.75rem' } }}>
                  <TableCell>{t('account.member')}</TableCell>
                  <TableCell>{t('account.number')}</TableCell>
                  <TableCell align="right">{t('account.balance')}</TableCell>
                  <TableCell align="right">{t('plan.monthly')}</TableCell>
                  <TableCell>{t('autoDebit.source')}</TableCell>
                  <TableCell align="right">{t('autoDebit.sourceAvailable')}</TableCell>
                  <TableCell>{t('tx.status')}</TableCell>
                  {canUpdate && <TableCell />}
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((r) => {
                  const state = autoDebitState(r);
                  return (
                    <TableRow key={r.account.id} sx={{ '& td': { fontSize: '0.8125rem' } }} data-testid="auto-debit-row">
                      <TableCell>
                        <Link component={RouterLink} to={`/transactions/savings?memberId=${r.account.memberId}`}>
                          {r.account.memberName}
                        </Link>
                        <Box sx={{ fontSize: '0.75rem', color: 'text.secondary' }}>{r.account.cifNumber}</Box>
                      </TableCell>
                      <TableCell>
                        <Link component={RouterLink} to={`/transactions/savings/accounts/${r.account.id}`}>
                          {r.account.accountNumber}
                        </Link>
                        <Box sx={{ fontSize: '0.75rem', color: 'text.secondary' }}>{r.account.productName}</Box>
                      </TableCell>
                      <TableCell align="right">
                        <MoneyText value={r.account.balance} />
                      </TableCell>
                      <TableCell align="right">
                        {r.account.planMonthlyAmount ? <MoneyText value={r.account.planMonthlyAmount} /> : '-'}
                      </TableCell>
                      <TableCell>
                        {r.source ? (
                          <>
                            {r.source.accountNumber}
                            <Box sx={{ fontSize: '0.75rem', color: 'text.secondary' }}>{r.source.productName}</Box>
                          </>
                        ) : (
                          '-'
                        )}
                      </TableCell>
                      <TableCell align="right">{r.source ? <MoneyText value={r.source.availableBalance} /> : '-'}</TableCell>
                      <TableCell>
                        <Chip
                          size="small"
                          variant="outlined"
                          color={state === 'READY' ? 'success' : state === 'LOW_SOURCE' ? 'warning' : 'error'}
                          label={t(`autoDebit.state.${state}`)}
                          sx={{ height: 22, fontSize: '0.6875rem' }}
                        />
                      </TableCell>
                      {canUpdate && (
                        <TableCell align="right">
                          <Button size="small" color="error" onClick={() => off(r)}>
                            {t('actions.autoDebitOff')}
                          </Button>
                        </TableCell>
                      )}
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
          </Box>
        )}
        <Box sx={{ px: 2.5, py: 1.5, fontSize: '0.75rem', color: 'text.secondary' }}>{t('autoDebit.note')}</Box>
      </Card>
      {dialog}
    </>
  );
}
