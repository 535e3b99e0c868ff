/**
 * Tab "Rekening": what the server's member detail summary gives (equity,
 * savings, deposits and loans, counts and amounts, and what the member owes),
 * as the savings, deposit and loan modules report it. The accounts
 * themselves live in those areas' screens.
 */
import type { MemberDetail } from '@koperasi/contracts/members';
import AccountBalanceWalletOutlined from '@mui/icons-material/AccountBalanceWalletOutlined';
import CreditScoreOutlined from '@mui/icons-material/CreditScoreOutlined';
import PaymentsOutlined from '@mui/icons-material/PaymentsOutlined';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import SavingsOutlined from '@mui/icons-material/SavingsOutlined';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Grid from '@mui/material/Grid';
import { alpha } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { MoneyText } from '../../../components/money/MoneyText';
import { useFormat } from '../../../lib/format';
import { Facts } from './ProfileTab';
import { SectionCard } from './SectionCard';

/** Keys the tab places itself; any other number in the summary is listed under "other". */
const KNOWN = new Set([
  'countEquity',
  'countSaving',
  'countDeposit',
  'countLoanRunning',
  'countLoanRejected',
  'countLoanPaidOff',
  'countLoanWaiting',
  'amountEquity',
  'amountSaving',
  'amountDeposit',
  'loanOutstanding',
  'storesOwed',
  'principalOwed',
  'principalPaid',
  'savingBlocked',
  'mandatoryDue',
  'mandatoryArrears',
]);

const num = (v: unknown) =>
  typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v)) ? Number(v) : 0;

function Tile({
  icon,
  color,
  title,
  count,
  amount,
  testId,
}: {
  icon: ReactNode;
  color: 'primary' | 'info' | 'warning' | 'secondary';
  title: string;
  count: string;
  amount: ReactNode;
  testId: string;
}) {
  return (
    <Card sx={{ p: 2.5, height: '100%' }} data-testid={testId}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mb: 2 }}>
        <Box
          sx={(th) => ({
            width: 40,
            height: 40,
            borderRadius: 2,
            display: 'grid',
            placeItems: 'center',
            color: `${color}.main`,
            bgcolor: alpha(th.palette[color].main, 0.12),
          })}
        >
          {icon}
        </Box>
        <Box>
          <Typography sx={{ fontWeight: 600 }}>{title}</Typography>
          <Typography sx={{ fontSize: '0.8125rem', color: 'text.secondary' }}>{count}</Typography>
        </Box>
      </Box>
      <Typography sx={{ fontSize: '1.375rem', fontWeight: 600 }}>{amount}</Typography>
    </Card>
  );
}

export function AccountsTab({ member }: { member: MemberDetail }) {
  const { t } = useTranslation('members');
  const f = useFormat();
  const s = member.summary as Record<string, unknown>;
  const loans = num(s.countLoanRunning) + num(s.countLoanWaiting);
  const other = Object.entries(s).filter(([k, v]) => !KNOWN.has(k) && (typeof v === 'number' || typeof v === 'string'));
  return (
    <Box sx={{ display: 'grid', gap: 3 }} data-testid="member-accounts">
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, sm: 6, lg: 3 }}>
          <Tile
            testId="accounts-equity"
            icon={<AccountBalanceWalletOutlined />}
            color="primary"
            title={t('accounts.equity')}
            count={t('accounts.accounts', { count: num(s.countEquity) })}
            amount={<MoneyText value={num(s.amountEquity)} />}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, lg: 3 }}>
          <Tile
            testId="accounts-saving"
            icon={<SavingsOutlined />}
            color="info"
            title={t('accounts.saving')}
            count={t('accounts.accounts', { count: num(s.countSaving) })}
            amount={<MoneyText value={num(s.amountSaving)} />}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, lg: 3 }}>
          <Tile
            testId="accounts-deposit"
            icon={<PaymentsOutlined />}
            color="secondary"
            title={t('accounts.deposit')}
            count={t('accounts.accounts', { count: num(s.countDeposit) })}
            amount={<MoneyText value={num(s.amountDeposit)} />}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, lg: 3 }}>
          <Tile
            testId="accounts-loan"
            icon={<CreditScoreOutlined />}
            color="warning"
            title={t('accounts.loan')}
            count={t('accounts.loans', { count: loans })}
            amount={<MoneyText value={num(s.loanOutstanding)} />}
          />
        </Grid>
      </Grid>
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 6 }}>
          <SectionCard icon={<CreditScoreOutlined fontSize="small" />} title={t('accounts.loansByState')}>
            <Facts
              items={[
                [t('accounts.loanRunning'), f.number(num(s.countLoanRunning))],
                [t('accounts.loanWaiting'), f.number(num(s.countLoanWaiting))],
                [t('accounts.loanPaidOff'), f.number(num(s.countLoanPaidOff))],
                [t('accounts.loanRejected'), f.number(num(s.countLoanRejected))],
                [t('accounts.loanOutstanding'), <MoneyText key="o" value={num(s.loanOutstanding)} />],
              ]}
            />
          </SectionCard>
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <SectionCard icon={<ReceiptLongOutlined fontSize="small" />} title={t('accounts.obligations')}>
            <Facts
              items={[
                [t('accounts.principalOwed'), <MoneyText key="p" value={num(s.principalOwed)} />],
                ...('principalPaid' in s
                  ? [[t('accounts.principalPaid'), <MoneyText key="pp" value={num(s.principalPaid)} />] as [string, ReactNode]]
                  : []),
                ...('mandatoryDue' in s
                  ? [[t('accounts.mandatoryDue'), <MoneyText key="md" value={num(s.mandatoryDue)} />] as [string, ReactNode]]
                  : []),
                ...('mandatoryArrears' in s
                  ? [
                      [t('accounts.mandatoryArrears'), <MoneyText key="ma" value={num(s.mandatoryArrears)} colorNegative />] as [
                        string,
                        ReactNode,
                      ],
                    ]
                  : []),
                ...('savingBlocked' in s
                  ? [[t('accounts.savingBlocked'), <MoneyText key="sb" value={num(s.savingBlocked)} />] as [string, ReactNode]]
                  : []),
                [t('accounts.storesOwed'), <MoneyText key="s" value={num(s.storesOwed)} />],
                ...other.map(([k, v]) => [k, f.number(num(v))] as [string, ReactNode]),
              ]}
            />
          </SectionCard>
        </Grid>
      </Grid>
      <Typography sx={{ fontSize: '0.8125rem', color: 'text.secondary' }}>{t('accounts.note')}</Typography>
    </Box>
  );
}
