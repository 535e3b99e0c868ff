/**
 * Transaksi Simpanan (/transactions/savings, ?memberId=): the teller's
 * screen. Find the member (CIF, name or phone as you type; "/" comes back to
 * the finder), see every saving and equity account with its balance and what
 * may be taken, and act on one: deposit, withdraw, transfer, open, close,
 * block, tag, interest, auto debit, source of fund. Each posting form shows
 * the balance, asks for confirmation, and offers "Cetak bukti" afterwards.
 */
import AddRounded from '@mui/icons-material/AddRounded';
import HistoryRounded from '@mui/icons-material/HistoryRounded';
import PersonSearchOutlined from '@mui/icons-material/PersonSearchOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Collapse from '@mui/material/Collapse';
import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/EmptyState';
import { Facts } from '../../../components/Facts';
import { MoneyText } from '../../../components/money/MoneyText';
import { PageHeader } from '../../../components/PageHeader';
import { useAuth } from '../../../lib/auth/AuthProvider';
import { useFormat } from '../../../lib/format';
import { useMember } from '../api/getMember';
import { useMemberAccounts } from '../api/memberAccounts';
import type { MemberHit, SavingAccount } from '../api/types';
import { type AccountAction, AccountsPanel } from '../components/AccountsPanel';
import { BlockDialog } from '../components/BlockDialog';
import { CloseAccountDialog } from '../components/CloseAccountDialog';
import { localPhone, MemberFinder } from '../components/MemberFinder';
import { MovementDialog } from '../components/MovementDialog';
import { OpenAccountDialog } from '../components/OpenAccountDialog';
import { RecentTransactions } from '../components/RecentTransactions';
import { TagDialog } from '../components/TagDialog';
import { TransferDialog } from '../components/TransferDialog';

type Open = { action: AccountAction; account: SavingAccount } | { action: 'open' } | null;

function MemberCard({ member, totals }: { member: MemberHit; totals?: { equity: number; saving: number; available: number } }) {
  const { t } = useTranslation('savings');
  return (
    <Box sx={{ mt: 2.5, display: 'grid', gap: 1.5 }} data-testid="member-card">
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography sx={{ fontWeight: 700, fontSize: '1.0625rem' }} data-testid="member-name">
          {member.fullName}
        </Typography>
        <Chip size="small" variant="outlined" label={t(`memberType.${member.memberType}`)} sx={{ height: 22, fontSize: '0.6875rem' }} />
        {member.status !== 'ACTIVE' && (
          <Chip
            size="small"
            color="warning"
            label={t(`memberStatus.${member.status}`, { defaultValue: member.status })}
            sx={{ height: 22 }}
          />
        )}
      </Box>
      <Facts
        dense
        items={[
          { label: t('member.cif'), value: member.cifNumber, testId: 'member-cif' },
          member.phone && { label: t('member.phone'), value: localPhone(member.phone) },
          member.branchName && { label: t('member.branch'), value: member.branchName },
        ]}
      />
      {totals && (
        <Box sx={{ p: 1.5, borderRadius: 2, bgcolor: 'action.hover' }} data-testid="member-totals">
          <Facts
            dense
            items={(['equity', 'saving', 'available'] as const).map((k) => ({
              label: t(`member.totals.${k}`),
              value: <MoneyText value={totals[k]} />,
              testId: `member-total-${k}`,
              strong: k === 'available',
            }))}
          />
        </Box>
      )}
    </Box>
  );
}

export default function SavingsTellerPage() {
  const { t } = useTranslation('savings');
  const f = useFormat();
  const { can } = useAuth();
  const [params, setParams] = useSearchParams();
  const memberId = params.get('memberId');
  const [picked, setPicked] = useState<MemberHit | null>(null);
  const fromLink = useMember(picked?.id === memberId ? null : memberId);
  const member = picked && picked.id === memberId ? picked : (fromLink.data ?? null);
  const accounts = useMemberAccounts(memberId);
  const [open, setOpen] = useState<Open>(null);
  const [showClosed, setShowClosed] = useState(false);
  const all = accounts.data?.accounts ?? [];
  const live = all.filter((a) => a.status === 'ACTIVE' || a.status === 'PENDING');
  const closed = all.filter((a) => a.status === 'CLOSED' || a.status === 'REJECTED');
  const canAdd = can('member_transaction', 'add');
  const inactive = member ? member.status !== 'ACTIVE' : false;

  const select = (m: MemberHit | null) => {
    setPicked(m);
    setShowClosed(false);
    setParams(m ? { memberId: m.id } : {}, { replace: true });
  };

  const ambiguous = (a: SavingAccount) => live.filter((x) => x.productId === a.productId && x.status === 'ACTIVE').length > 1;
  const close = () => setOpen(null);

  return (
    <>
      <PageHeader
        title={t('teller.title')}
        subtitle={t('teller.subtitle')}
        breadcrumbs={[{ label: t('common:nav.member_transaction.title') }, { label: t('teller.title') }]}
        actions={
          <Button variant="outlined" color="inherit" component={RouterLink} to="/transactions/history" startIcon={<HistoryRounded />}>
            {t('history.title')}
          </Button>
        }
      />
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, lg: 4 }}>
          <Card sx={{ p: { xs: 2, md: 3 } }} data-testid="finder-card">
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 2 }}>
              <PersonSearchOutlined color="primary" fontSize="small" />
              <Typography sx={{ fontWeight: 600 }}>{t('finder.title')}</Typography>
            </Box>
            <MemberFinder value={member} onChange={select} autoFocus={!memberId} />
            <Typography sx={{ fontSize: '0.75rem', color: 'text.secondary', mt: 1 }}>{t('finder.hint')}</Typography>
            {fromLink.isError && !member && (
              <Box sx={{ mt: 2 }}>
                <EmptyState kind="notFound" compact />
              </Box>
            )}
            {memberId && !member && fromLink.isLoading && <Skeleton variant="rounded" height={120} sx={{ mt: 2.5 }} />}
            {member && <MemberCard member={member} totals={accounts.data?.totals} />}
            {member && canAdd && (
              <Button
                fullWidth
                variant="outlined"
                startIcon={<AddRounded />}
                sx={{ mt: 2.5 }}
                onClick={() => setOpen({ action: 'open' })}
                disabled={inactive || member.memberType === 'PROSPECTIVE'}
                data-testid="open-account"
              >
                {t('actions.open')}
              </Button>
            )}
          </Card>
        </Grid>
        <Grid size={{ xs: 12, lg: 8 }} sx={{ display: 'grid', gap: 3, alignContent: 'start' }}>
          {!memberId ? (
            <Card>
              <EmptyState icon={<PersonSearchOutlined />} title={t('teller.pickTitle')} description={t('teller.pickText')} />
            </Card>
          ) : accounts.isError ? (
            <Card>
              <EmptyState kind="loadFailed" onRetry={() => void accounts.refetch()} />
            </Card>
          ) : accounts.isLoading ? (
            <Skeleton variant="rounded" height={260} sx={{ borderRadius: 3 }} />
          ) : (
            <>
              {inactive && member && <Alert severity="warning">{t('teller.inactiveMember')}</Alert>}
              {live.length === 0 ? (
                <Card>
                  <EmptyState
                    title={t('teller.noAccounts')}
                    description={canAdd ? t('teller.noAccountsHint') : undefined}
                    action={
                      canAdd &&
                      member &&
                      !inactive && (
                        <Button variant="contained" startIcon={<AddRounded />} onClick={() => setOpen({ action: 'open' })}>
                          {t('actions.open')}
                        </Button>
                      )
                    }
                  />
                </Card>
              ) : (
                <AccountsPanel accounts={live} onAction={(action, account) => setOpen({ action, account })} />
              )}
              {closed.length > 0 && (
                <Box>
                  <Button size="small" color="inherit" onClick={() => setShowClosed((v) => !v)} data-testid="toggle-closed">
                    {showClosed ? t('teller.hideClosed') : t('teller.showClosed', { count: closed.length })}
                  </Button>
                  <Collapse in={showClosed} unmountOnExit>
                    <Box sx={{ mt: 1 }}>
                      <AccountsPanel accounts={closed} onAction={() => undefined} />
                    </Box>
                  </Collapse>
                </Box>
              )}
              {memberId && <RecentTransactions memberId={memberId} />}
              <Typography sx={{ fontSize: '0.75rem', color: 'text.secondary' }}>
                {t('teller.shortcuts', { date: f.date(new Date(), 'long') })}
              </Typography>
            </>
          )}
        </Grid>
      </Grid>

      {open?.action === 'open' && member && <OpenAccountDialog member={member} accounts={all} onClose={close} />}
      {open && open.action !== 'open' && (open.action === 'deposit' || open.action === 'withdraw') && (
        <MovementDialog kind={open.action} account={open.account} byAccount={ambiguous(open.account)} onClose={close} />
      )}
      {open?.action === 'transfer' && <TransferDialog account={open.account} own={live} onClose={close} />}
      {open?.action === 'close' && <CloseAccountDialog account={open.account} onClose={close} />}
      {open?.action === 'block' && <BlockDialog account={open.account} onClose={close} />}
      {open?.action === 'tag' && <TagDialog account={open.account} onClose={close} />}
    </>
  );
}
