/**
 * The SHU settings' accounts: the escrow (titipan) account where members' unpaid shares wait (it takes the
 * MEMBER_PAYABLE role, docs/shu.md), the account of each allocation the cooperative keeps, and the tax payable.
 * Empty means the system's default account (by system key); the server checks each is this cooperative's,
 * active and postable.
 */
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Grid from '@mui/material/Grid';
import { useTranslation } from 'react-i18next';
import { CoaPicker } from '../../../components/form/CoaPicker';
import { usePostableAccounts } from '../../../lib/api/accounts';

/** The account roles shown, in the order of the allocations (MEMBER_PAYABLE is the escrow field). */
const ROLES = ['RESERVE', 'MANAGEMENT', 'EMPLOYEE', 'EDUCATION', 'SOCIAL', 'OTHER', 'TAX_PAYABLE'] as const;

export function ShuAccountsCard({
  escrowCoaId,
  accounts,
  readOnly,
  onEscrow,
  onAccount,
}: {
  escrowCoaId: string | null;
  accounts: Record<string, string | null>;
  readOnly: boolean;
  onEscrow: (id: string | null) => void;
  onAccount: (role: string, id: string | null) => void;
}) {
  const { t } = useTranslation('shu');
  const options = usePostableAccounts();
  const picker = (key: string, label: string, value: string | null, onChange: (id: string | null) => void, help?: string) => (
    <Grid key={key} size={{ xs: 12, sm: 6, lg: 4 }}>
      <CoaPicker
        options={options.data ?? []}
        loading={options.isLoading}
        value={value ?? ''}
        onChange={(id) => onChange(id || null)}
        label={label}
        helperText={value ? help : t('settings.defaultAccount')}
        disabled={readOnly}
        testId={`shu-account-${key}`}
      />
    </Grid>
  );
  return (
    <Card variant="outlined" sx={{ gridColumn: '1 / -1' }} data-testid="shu-accounts">
      <CardHeader title={t('settings.accountsTitle')} subheader={t('settings.accountsHelp')} />
      <CardContent>
        <Grid container spacing={2}>
          {picker('ESCROW', t('settings.escrow'), escrowCoaId ?? accounts.MEMBER_PAYABLE ?? null, onEscrow, t('settings.escrowHelp'))}
          {ROLES.map((r) =>
            picker(r, r === 'TAX_PAYABLE' ? t('settings.taxPayable') : t(`allocation.${r}`), accounts[r] ?? null, (id) => onAccount(r, id)),
          )}
        </Grid>
      </CardContent>
    </Card>
  );
}
