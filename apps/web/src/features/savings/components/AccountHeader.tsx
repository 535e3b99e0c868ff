/** The savings account a teller form works on: its product, number, owner, flags, balance and what may be taken. */
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { MoneyText } from '../../../components/money/MoneyText';
import type { SavingAccount } from '../api/types';
import { AccountFlags } from './Chips';

/** The account a form works on, with its balance and what may be taken. */
export function AccountHeader({ account, showAvailable = true }: { account: SavingAccount; showAvailable?: boolean }) {
  const { t } = useTranslation('savings');
  return (
    <Box sx={{ p: 2, borderRadius: 2, bgcolor: 'action.hover', mb: 2.5 }} data-testid="form-account">
      <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, alignItems: 'flex-start', flexWrap: 'wrap' }}>
        <Box sx={{ minWidth: 0 }}>
          <Typography sx={{ fontWeight: 600 }}>{account.productName}</Typography>
          <Typography sx={{ fontSize: '0.8125rem', color: 'text.secondary' }}>
            {account.accountNumber} · {account.memberName} ({account.cifNumber})
          </Typography>
          <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap', mt: 0.5 }}>
            <AccountFlags account={account} />
          </Box>
        </Box>
        <Box sx={{ textAlign: 'end' }}>
          <Typography sx={{ fontSize: '0.75rem', color: 'text.secondary' }}>{t('account.balance')}</Typography>
          <Typography sx={{ fontWeight: 700, fontSize: '1.25rem' }} data-testid="form-balance">
            <MoneyText value={account.balance} />
          </Typography>
          {showAvailable && (
            <Typography sx={{ fontSize: '0.75rem', color: 'text.secondary' }} data-testid="form-available">
              {t('account.available')}: <MoneyText value={account.availableBalance} />
            </Typography>
          )}
        </Box>
      </Box>
    </Box>
  );
}
