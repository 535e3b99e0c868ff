/** What the cooperative configured, shown on the "finished" step. */
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../lib/format';
import { useOnboarding } from '../api/onboarding';

export function OnboardingSummary() {
  const { t } = useTranslation('onboarding');
  const f = useFormat();
  const q = useOnboarding();
  if (q.isPending) return <Skeleton variant="rounded" height={160} sx={{ mt: 3 }} />;
  const s = q.data?.configuration?.saving;
  const l = q.data?.configuration?.loan;
  if (!s || !l) return null;
  const rows: Array<[string, string]> = [
    [t('saving.principalSavingAmount'), f.money(s.principalSavingAmount)],
    [t('saving.mandatorySavingAmount'), `${f.money(s.mandatorySavingAmount)} / ${t(`periods.${s.mandatorySavingPeriod}`)}`],
    [t('saving.voluntarySavingMinBalance'), f.money(s.voluntarySavingMinBalance)],
    [t('saving.voluntarySavingInterestRatePerYear'), `${f.number(s.voluntarySavingInterestRatePerYear, 4)} ${t('perYear')}`],
    [t('loan.interestMethod'), t(`methods.${l.interestMethod}.label`)],
    [t('loan.interestRatePerMonth'), `${f.number(l.interestRatePerMonth, 4)} ${t('perMonth')}`],
    [t('loan.tenor'), `${l.minTenorMonths}–${l.maxTenorMonths} ${t('months')}`],
    [t('loan.adminFee'), f.money(l.adminFee)],
  ];
  return (
    <Box
      data-testid="onboarding-summary"
      sx={{ mt: 3, mx: 'auto', maxWidth: 560, border: 1, borderColor: 'divider', borderRadius: 2, overflow: 'hidden' }}
    >
      {rows.map(([k, v], i) => (
        <Box
          key={k}
          sx={{
            display: 'flex',
            justifyContent: 'space-between',
            gap: 2,
            px: 2.5,
            py: 1.25,
            bgcolor: i % 2 ? 'transparent' : 'action.hover',
          }}
        >
          <Typography sx={{ color: 'text.secondary', fontSize: '0.8125rem' }}>{k}</Typography>
          <Typography sx={{ fontWeight: 500, fontSize: '0.8125rem', textAlign: 'end' }}>{v}</Typography>
        </Box>
      ))}
    </Box>
  );
}
