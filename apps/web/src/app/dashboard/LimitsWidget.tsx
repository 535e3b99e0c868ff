/** The role's transaction limits and rights (from users/detail). */
import CheckCircleRounded from '@mui/icons-material/CheckCircleRounded';
import RemoveCircleOutlineRounded from '@mui/icons-material/RemoveCircleOutlineRounded';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardHeader from '@mui/material/CardHeader';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useUser } from '../../lib/auth/AuthProvider';
import { useFormat } from '../../lib/format';

export default function LimitsWidget() {
  const { t } = useTranslation();
  const user = useUser();
  const f = useFormat();
  const limit = (v: number | null) => (v === null ? t('dashboard.limits.unlimited') : f.money(v));
  const rows: Array<[string, string]> = [
    [t('dashboard.limits.savingWithdrawal'), limit(user.limits.savingWithdrawal)],
    [t('dashboard.limits.loanRequest'), limit(user.limits.loanRequest)],
    [t('dashboard.limits.loanApproval'), limit(user.limits.loanApproval)],
  ];
  const rights: Array<[string, boolean]> = [
    [t('dashboard.limits.releaseLoan'), user.limits.canReleaseLoan],
    [t('dashboard.limits.cancelTransaction'), user.limits.canCancelTransaction],
  ];
  return (
    <Card sx={{ height: '100%' }} data-testid="widget-limits">
      <CardHeader
        title={t('dashboard.limits.title')}
        subheader={t('dashboard.limits.subtitle', { role: user.role.name })}
        slotProps={{ subheader: { sx: { fontSize: '0.8125rem' } } }}
      />
      <Box sx={{ px: 3, pb: 3 }}>
        {rows.map(([k, v]) => (
          <Box key={k} sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, py: 1, borderBottom: 1, borderColor: 'divider' }}>
            <Typography sx={{ fontSize: '0.8125rem', color: 'text.secondary' }}>{k}</Typography>
            <Typography sx={{ fontSize: '0.8125rem', fontWeight: 600, fontVariantNumeric: 'tabular-nums' }}>{v}</Typography>
          </Box>
        ))}
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', mt: 2 }}>
          {rights.map(([k, ok]) => (
            <Box
              key={k}
              sx={{ display: 'flex', alignItems: 'center', gap: 0.75, color: ok ? 'success.main' : 'text.disabled', fontSize: '0.8125rem' }}
            >
              {ok ? <CheckCircleRounded sx={{ fontSize: 18 }} /> : <RemoveCircleOutlineRounded sx={{ fontSize: 18 }} />}
              <Typography sx={{ fontSize: 'inherit', color: ok ? 'text.primary' : 'text.disabled' }}>{k}</Typography>
            </Box>
          ))}
        </Box>
      </Box>
    </Card>
  );
}
