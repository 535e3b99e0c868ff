/**
 * The year's SHU settings: where the SHU comes from, the allocation shares with their live total (must be exactly
 * 100%), the bases of jasa modal and jasa usaha, the tax on members' shares, and the accounts (escrow, each
 * allocation's, tax payable: ShuAccountsCard). The server checks the same rules.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../../lib/auth/AuthProvider';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { ALLOCATIONS, type Allocation, type SettingsInput, type ShuSettings, useSaveShuSettings, useShuSettings } from '../api/shu';
import { ShuAccountsCard } from './ShuAccountsCard';

/** Sum of percentages in hundredths of a basis point, so 2.5 + 97.5 is exactly 100. */
function total(shares: Record<Allocation, string>): number {
  return ALLOCATIONS.reduce((s, k) => s + Math.round((Number(shares[k].replace(',', '.')) || 0) * 10_000), 0) / 10_000;
}

type FormState = Omit<ShuSettings, 'shares' | 'taxPercent'> & { shares: Record<Allocation, string>; taxPercent: string };

/** The form's text fields as the API's numbers. */
function toInput(year: number, form: FormState): SettingsInput {
  return {
    year,
    sourceMembers: form.sourceMembers,
    sourceNonMembers: form.sourceNonMembers,
    escrowCoaId: form.escrowCoaId,
    shares: Object.fromEntries(ALLOCATIONS.map((k) => [k, Number(form.shares[k].replace(',', '.')) || 0])) as Record<Allocation, number>,
    equityBasis: form.equityBasis,
    equityIncludeOtherSavings: form.equityIncludeOtherSavings,
    transactionBasis: form.transactionBasis,
    taxPercent: Number(form.taxPercent.replace(',', '.')) || 0,
    accounts: form.accounts,
  };
}

export function SettingsForm({ year, locked }: { year: number; locked: boolean }) {
  const { t } = useTranslation(['shu', 'common']);
  const { can } = useAuth();
  const q = useShuSettings(year);
  const save = useSaveShuSettings();
  const [form, setForm] = useState<FormState | null>(null);
  useEffect(() => {
    if (q.data)
      setForm({
        ...q.data,
        shares: Object.fromEntries(ALLOCATIONS.map((k) => [k, String(q.data.shares[k])])) as Record<Allocation, string>,
        taxPercent: String(q.data.taxPercent),
      });
  }, [q.data]);
  const sum = useMemo(() => (form ? total(form.shares) : 0), [form]);
  if (!form) return <Skeleton variant="rounded" height={420} />;
  const readOnly = locked || !can('shu', 'update');
  const exact = sum === 100;

  const submit = () => save.mutate(toInput(year, form), { onSuccess: (env) => notifySuccess(env.message), onError: notifyError });

  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, alignItems: 'start' }}>
      <Card variant="outlined">
        <CardHeader title={t('settings.sharesTitle')} subheader={t('settings.sharesHelp')} />
        <CardContent sx={{ display: 'grid', gap: 1.5 }}>
          {ALLOCATIONS.map((k) => (
            <TextField
              key={k}
              size="small"
              label={t(`allocation.${k}`)}
              value={form.shares[k]}
              disabled={readOnly}
              onChange={(e) => setForm({ ...form, shares: { ...form.shares, [k]: e.target.value } })}
              slotProps={{
                input: { endAdornment: <InputAdornment position="end">%</InputAdornment> },
                htmlInput: { inputMode: 'decimal' },
              }}
            />
          ))}
          <Alert severity={exact ? 'success' : 'warning'} data-testid="shu-share-total">
            <Typography component="span" sx={{ fontWeight: 600 }}>
              {t('settings.total', { total: sum })}
            </Typography>{' '}
            {exact ? t('settings.totalOk') : t('settings.totalMustBe100')}
          </Alert>
        </CardContent>
      </Card>
      <Card variant="outlined">
        <CardHeader title={t('settings.basisTitle')} />
        <CardContent sx={{ display: 'grid', gap: 2 }}>
          <Box>
            <Typography variant="subtitle2">{t('settings.source')}</Typography>
            <FormControlLabel
              control={
                <Checkbox
                  checked={form.sourceMembers}
                  disabled={readOnly}
                  onChange={(e) => setForm({ ...form, sourceMembers: e.target.checked })}
                />
              }
              label={t('settings.sourceMembers')}
            />
            <FormControlLabel
              control={
                <Checkbox
                  checked={form.sourceNonMembers}
                  disabled={readOnly}
                  onChange={(e) => setForm({ ...form, sourceNonMembers: e.target.checked })}
                />
              }
              label={t('settings.sourceNonMembers')}
            />
          </Box>
          <TextField
            select
            size="small"
            label={t('settings.equityBasis')}
            value={form.equityBasis}
            disabled={readOnly}
            onChange={(e) => setForm({ ...form, equityBasis: e.target.value as ShuSettings['equityBasis'] })}
          >
            <MenuItem value="YEAR_END_BALANCE">{t('basis.YEAR_END_BALANCE')}</MenuItem>
            <MenuItem value="AVERAGE_DAILY_BALANCE">{t('basis.AVERAGE_DAILY_BALANCE')}</MenuItem>
          </TextField>
          <FormControlLabel
            control={
              <Checkbox
                checked={form.equityIncludeOtherSavings}
                disabled={readOnly}
                onChange={(e) => setForm({ ...form, equityIncludeOtherSavings: e.target.checked })}
              />
            }
            label={t('settings.includeOther')}
          />
          <TextField
            select
            size="small"
            label={t('settings.transactionBasis')}
            value={form.transactionBasis}
            disabled={readOnly}
            onChange={(e) => setForm({ ...form, transactionBasis: e.target.value as ShuSettings['transactionBasis'] })}
          >
            {(['SAVING_AVERAGE_BALANCE', 'LOAN_INTEREST_PAID', 'LOAN_DISBURSED', 'BUSINESS_UNIT_PURCHASES'] as const).map((b) => (
              <MenuItem key={b} value={b}>
                {t(`basis.${b}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            size="small"
            label={t('settings.tax')}
            value={form.taxPercent}
            disabled={readOnly}
            helperText={t('settings.taxHelp')}
            onChange={(e) => setForm({ ...form, taxPercent: e.target.value })}
            slotProps={{ input: { endAdornment: <InputAdornment position="end">%</InputAdornment> }, htmlInput: { inputMode: 'decimal' } }}
          />
          {locked && <Alert severity="info">{t('settings.locked')}</Alert>}
        </CardContent>
      </Card>
      <ShuAccountsCard
        escrowCoaId={form.escrowCoaId}
        accounts={form.accounts}
        readOnly={readOnly}
        onEscrow={(id) => setForm({ ...form, escrowCoaId: id })}
        onAccount={(role, id) => setForm({ ...form, accounts: { ...form.accounts, [role]: id } })}
      />
      {!readOnly && (
        <Box sx={{ gridColumn: '1 / -1', display: 'flex', justifyContent: 'flex-end' }}>
          <Button variant="contained" onClick={submit} disabled={!exact} loading={save.isPending}>
            {t('common:common.save')}
          </Button>
        </Box>
      )}
    </Box>
  );
}
