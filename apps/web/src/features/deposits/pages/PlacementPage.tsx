/**
 * Penempatan deposito (/transactions/deposits/new): member, product, tenor and
 * amount, funded from cash or one of the member's savings accounts, interest to
 * a savings account or the holding account, rollover; the rate, maturity date
 * and each month's gross, tax and net are shown before posting (the server's
 * projection, with the cooperative's tax rule).
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { MemberField } from '../../../components/MemberField';
import { MoneyField } from '../../../components/money/MoneyField';
import { MoneyText } from '../../../components/money/MoneyText';
import { PageHeader } from '../../../components/PageHeader';
import { ApiError } from '../../../lib/api/errors';
import { type MemberHit, useMemberSavings } from '../../../lib/api/members';
import { useFormat } from '../../../lib/format';
import { useDepositProducts, usePlace, useProjection } from '../api/deposits';
import { ScheduleTable } from '../components/ScheduleTable';

const TENORS = [1, 3, 6, 12, 24];

export default function PlacementPage() {
  const { t } = useTranslation('deposits');
  const navigate = useNavigate();
  const products = useDepositProducts();
  const [member, setMember] = useState<MemberHit | null>(null);
  const [productId, setProductId] = useState<string>('');
  const [tenor, setTenor] = useState<number>(12);
  const [amount, setAmount] = useState<number | null>(null);
  const [funding, setFunding] = useState<string>('CASH');
  const [destination, setDestination] = useState<string>('HOLDING');
  const [rollover, setRollover] = useState<string>('DEFAULT');
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const savings = useMemberSavings(member?.id ?? null);
  const voluntary = savings.data ?? [];
  const product = productId || products.data?.[0]?.id || null;
  const projection = useProjection({ productId: product, amount, tenor });
  const place = usePlace();

  const submit = async () => {
    setFieldErrors({});
    try {
      const r = await place.mutateAsync({
        memberId: member?.id,
        productId: product,
        amount,
        tenor,
        sourceSavingId: funding === 'CASH' ? null : funding,
        interestDestination: destination === 'HOLDING' ? 'HOLDING' : 'SAVING',
        interestSavingId: destination === 'HOLDING' ? null : destination,
        rollover: rollover === 'DEFAULT' ? undefined : rollover,
      });
      navigate(`/transactions/deposits/${(r as { data: { deposit: { id: string } } }).data.deposit.id}`);
    } catch (e) {
      if (e instanceof ApiError && e.fields) setFieldErrors(Object.fromEntries(e.fields.map((x) => [x.field, x.message])));
    }
  };

  return (
    <>
      <PageHeader
        title={t('place.title')}
        breadcrumbs={[{ label: t('list.section') }, { label: t('list.title'), to: '/transactions/deposits' }, { label: t('place.title') }]}
      />
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 5 }}>
          <Card>
            <CardContent>
              <Stack spacing={2}>
                <MemberField
                  value={member}
                  onChange={setMember}
                  error={Boolean(fieldErrors.memberId)}
                  helperText={fieldErrors.memberId}
                  testId="member-search"
                />
                <TextField
                  select
                  label={t('field.product')}
                  slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'product-select' } as object } }}
                  value={product ?? ''}
                  onChange={(e) => setProductId(e.target.value)}
                  error={Boolean(fieldErrors.productId)}
                >
                  {(products.data ?? []).map((p) => (
                    <MenuItem key={p.id} value={p.id} data-testid="product-option">
                      {p.name} ({p.code})
                    </MenuItem>
                  ))}
                </TextField>
                <TextField
                  select
                  label={t('field.tenor')}
                  value={tenor}
                  onChange={(e) => setTenor(Number(e.target.value))}
                  error={Boolean(fieldErrors.tenor)}
                  helperText={fieldErrors.tenor}
                  slotProps={{ htmlInput: { 'data-testid': 'tenor' } }}
                >
                  {TENORS.map((n) => (
                    <MenuItem key={n} value={n}>
                      {t('months', { count: n })}
                    </MenuItem>
                  ))}
                </TextField>
                <MoneyField
                  label={t('field.amount')}
                  value={amount}
                  onChange={setAmount}
                  error={Boolean(fieldErrors.amount)}
                  helperText={fieldErrors.amount}
                  slotProps={{ htmlInput: { 'data-testid': 'amount' } }}
                />
                <FundingFields
                  voluntary={voluntary}
                  fieldErrors={fieldErrors}
                  funding={funding}
                  setFunding={setFunding}
                  destination={destination}
                  setDestination={setDestination}
                  rollover={rollover}
                  setRollover={setRollover}
                />
                <Box>
                  <Button
                    variant="contained"
                    onClick={submit}
                    disabled={!member || !product || !amount || place.isPending}
                    data-testid="place-submit"
                  >
                    {t('place.submit')}
                  </Button>
                </Box>
              </Stack>
            </CardContent>
          </Card>
        </Grid>
        <Grid size={{ xs: 12, md: 7 }}>
          <ProjectionCard projection={projection} />
        </Grid>
      </Grid>
    </>
  );
}

interface FundingFieldsProps {
  voluntary: NonNullable<ReturnType<typeof useMemberSavings>['data']>;
  fieldErrors: Record<string, string>;
  funding: string;
  setFunding: (v: string) => void;
  destination: string;
  setDestination: (v: string) => void;
  rollover: string;
  setRollover: (v: string) => void;
}

/** Where the money comes from, where the interest goes, and the rollover. */
function FundingFields({
  voluntary,
  fieldErrors,
  funding,
  setFunding,
  destination,
  setDestination,
  rollover,
  setRollover,
}: FundingFieldsProps) {
  const { t } = useTranslation('deposits');
  const f = useFormat();
  return (
    <>
      <TextField
        select
        label={t('field.funding')}
        slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'funding-select' } as object } }}
        value={funding}
        onChange={(e) => setFunding(e.target.value)}
        error={Boolean(fieldErrors.sourceSavingId)}
        helperText={fieldErrors.sourceSavingId}
      >
        <MenuItem value="CASH">{t('place.cash')}</MenuItem>
        {voluntary.map((a) => (
          <MenuItem key={a.id} value={a.id} data-testid="funding-option">
            {a.accountNumber} · {a.productName} · {f.money(a.balance)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        label={t('field.destination')}
        slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'destination-select' } as object } }}
        value={destination}
        onChange={(e) => setDestination(e.target.value)}
        error={Boolean(fieldErrors.interestSavingId)}
        helperText={fieldErrors.interestSavingId}
      >
        <MenuItem value="HOLDING">{t('place.holding')}</MenuItem>
        {voluntary.map((a) => (
          <MenuItem key={a.id} value={a.id}>
            {a.accountNumber} · {a.productName}
          </MenuItem>
        ))}
      </TextField>
      <TextField select label={t('field.rollover')} value={rollover} onChange={(e) => setRollover(e.target.value)}>
        <MenuItem value="DEFAULT">{t('place.rolloverDefault')}</MenuItem>
        {(['NONE', 'PRINCIPAL', 'PRINCIPAL_INTEREST'] as const).map((r) => (
          <MenuItem key={r} value={r}>
            {t(`rollover.${r}`)}
          </MenuItem>
        ))}
      </TextField>
    </>
  );
}

/** The server's projection: rate, dates, the tax rule and each month's interest. */
function ProjectionCard({ projection }: { projection: ReturnType<typeof useProjection> }) {
  const { t } = useTranslation('deposits');
  const f = useFormat();
  return (
    <Card>
      <CardContent>
        <Typography variant="h6" gutterBottom>
          {t('place.projection')}
        </Typography>
        {projection.isError && <Alert severity="warning">{(projection.error as Error).message}</Alert>}
        {!projection.data && !projection.isError && <Typography color="text.secondary">{t('place.projectionHint')}</Typography>}
        {projection.data && (
          <Stack spacing={2} data-testid="projection">
            <Stack direction="row" spacing={4} useFlexGap sx={{ flexWrap: 'wrap' }}>
              <Fact label={t('field.rate')} value={`${f.percent(projection.data.rate)} ${t('place.perYear')}`} />
              <Fact label={t('field.start')} value={f.date(projection.data.startDate)} />
              <Fact label={t('field.maturity')} value={f.date(projection.data.maturityDate)} />
              <Fact label={t('field.dayCount')} value={t(`dayCount.${projection.data.dayCount}`)} />
            </Stack>
            <Typography variant="body2" color="text.secondary">
              {t('place.taxRule', {
                amount: f.money(projection.data.tax.taxFreeAmount),
                rate: f.percent(projection.data.tax.ratePct),
              })}
            </Typography>
            <ScheduleTable
              rows={projection.data.periods}
              totals={{ gross: projection.data.totalGross, tax: projection.data.totalTax, net: projection.data.totalNet }}
            />
            <Typography variant="body2">
              {t('place.monthlyNet')}: <MoneyText value={projection.data.periods[0]?.net ?? 0} />
            </Typography>
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}

export function Fact({ label, value }: { label: string; value: React.ReactNode }) {
  return (
    <Box>
      <Typography variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="body1" sx={{ fontWeight: 600 }}>
        {value}
      </Typography>
    </Box>
  );
}
