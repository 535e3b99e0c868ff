/**
 * Buat tagihan (/transactions/bills/new): the member, the BILL product, the
 * bill's name and type (the product's by default), its date, amounts and
 * installments, and the live installment simulation
 * (GET transaction/product/bill/simulation-installment). Saved through
 * POST transaction/request-open-product-member; the bill then waits for approval.
 */
import { BILL_TYPES } from '@koperasi/contracts/enums';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DateField } from '../../../components/dates/DateField';
import { MemberField } from '../../../components/MemberField';
import { MoneyField } from '../../../components/money/MoneyField';
import { PageHeader } from '../../../components/PageHeader';
import { useDebounced } from '../../../components/table/useServerTable';
import type { MemberHit } from '../../../lib/api/members';
import { todayWib } from '../../../lib/dates';
import { errorMessage, notifySuccess } from '../../../lib/notify';
import { useSubmissionKeys } from '../../../lib/submission';
import { billPaths, useBillAction, useBillProducts, useBillSimulation } from '../api/bills';
import type { BillDetailView } from '../api/types';
import { AmountList, SimulationCard } from '../components/BillFormParts';

type BillType = (typeof BILL_TYPES)[number];

/** The request body: the fields left empty are not sent. */
function withoutEmpty(o: Record<string, unknown>) {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== null && v !== undefined && v !== ''));
}

/** An amount beside the number of installments (a fixed bill's amount per bill, or a total debt). */
function AmountAndCount(p: {
  label: string;
  name?: string;
  value: number | null;
  onChange: (v: number | null) => void;
  installments: string;
  onInstallments: (v: string) => void;
}) {
  const { t } = useTranslation('bills');
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
      <MoneyField label={p.label} value={p.value} onChange={p.onChange} name={p.name} />
      <TextField
        label={t('bill.installments')}
        value={p.installments}
        onChange={(e) => p.onInstallments(e.target.value.replace(/\D/g, ''))}
      />
    </Box>
  );
}

function TypeAndDate(p: {
  billType: BillType | '';
  onBillType: (v: BillType) => void;
  productChosen: boolean;
  date: string | null;
  onDate: (v: string | null) => void;
}) {
  const { t } = useTranslation('bills');
  const { billType, productChosen, onBillType, date, onDate } = p;
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
      <TextField
        select
        label={t('bill.type')}
        value={billType}
        onChange={(e) => onBillType(e.target.value as BillType)}
        disabled={!productChosen}
      >
        {BILL_TYPES.map((k) => (
          <MenuItem key={k} value={k}>
            {t(`type.${k}`)}
          </MenuItem>
        ))}
      </TextField>
      <DateField label={t('bill.date')} value={date} onChange={onDate} helperText={t('form.dateHint')} />
    </Box>
  );
}

function ProductSelect({ value, tried, onChange }: { value: string; tried: boolean; onChange: (v: string) => void }) {
  const { t } = useTranslation('bills');
  const products = useBillProducts();
  return (
    <TextField
      select
      label={t('form.product')}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      error={tried && !value}
      helperText={products.data && !products.data.length ? t('form.noProducts') : tried && !value ? t('form.required') : undefined}
      slotProps={{ htmlInput: { 'data-testid': 'bill-product' } }}
    >
      {(products.data ?? []).map((p) => (
        <MenuItem key={p.id} value={p.id}>
          {p.name}
        </MenuItem>
      ))}
    </TextField>
  );
}

export default function BillNewPage() {
  const { t } = useTranslation('bills');
  const navigate = useNavigate();
  const keys = useSubmissionKeys();
  const save = useBillAction<{ status: string; bill: BillDetailView }>();
  const [member, setMember] = useState<MemberHit | null>(null);
  const [productId, setProductId] = useState('');
  const [name, setName] = useState('');
  const [billType, setBillType] = useState<BillType | ''>('');
  const [date, setDate] = useState<string | null>(() => todayWib());
  const [perBill, setPerBill] = useState<number | null>(null);
  const [amount, setAmount] = useState<number | null>(null);
  const [installments, setInstallments] = useState('');
  const [amounts, setAmounts] = useState<Array<number | null>>([null, null]);
  const [adminFee, setAdminFee] = useState<number | null>(null);
  const [description, setDescription] = useState('');
  const [tried, setTried] = useState(false);

  // The product's defaults fill the fields left empty.
  const defaults = useBillSimulation({ productId }, Boolean(productId));
  useEffect(() => {
    const d = defaults.data;
    if (!d) return;
    setBillType((v) => v || d.billType);
    setPerBill((v) => v ?? (d.billType === 'FIXED_BILL' ? d.perBillAmount : null));
    setInstallments((v) => v || String(d.installments.length));
    setAdminFee((v) => v ?? d.adminFee);
  }, [defaults.data]);

  const input = {
    productId,
    billType: billType || null,
    date,
    perBillAmount: billType === 'FIXED_BILL' ? perBill : null,
    amount: billType === 'WITH_TOTAL_DEBT' ? amount : null,
    installments: billType === 'NOT_FIXED_BILL' ? null : Number(installments) || null,
    installmentAmounts: billType === 'NOT_FIXED_BILL' ? amounts.filter((a): a is number => Boolean(a)) : null,
    adminFee,
  };
  const debounced = useDebounced(input, 300);
  const sim = useBillSimulation(debounced, Boolean(debounced.productId && debounced.billType && productId && billType));

  const missing = !member || !productId || !name.trim();
  const submit = async () => {
    setTried(true);
    if (missing) return;
    const body = withoutEmpty({ memberId: member!.id, name: name.trim(), description: description.trim() || null, ...input });
    const ticket = keys.ticket(body);
    try {
      const r = await save.mutateAsync({ path: billPaths.open, body, idempotencyKey: ticket.key });
      keys.done();
      notifySuccess(t('form.created', { number: r.data.bill.billNumber }));
      navigate(`/transactions/bills/${r.data.bill.id}`);
    } catch {
      /* shown below */
    }
  };

  return (
    <>
      <PageHeader
        title={t('form.title')}
        subtitle={t('form.subtitle')}
        breadcrumbs={[{ label: t('list.title'), to: '/transactions/bills' }, { label: t('form.title') }]}
      />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '5fr 6fr' }, alignItems: 'start' }}>
        <Card>
          <CardContent sx={{ display: 'grid', gap: 2 }}>
            <MemberField
              value={member}
              onChange={setMember}
              autoFocus
              error={tried && !member}
              helperText={tried && !member ? t('form.required') : undefined}
            />
            <ProductSelect
              value={productId}
              tried={tried}
              onChange={(v) => {
                setProductId(v);
                setBillType('');
                setPerBill(null);
                setInstallments('');
                setAdminFee(null);
              }}
            />
            <TextField
              label={t('bill.name')}
              value={name}
              onChange={(e) => setName(e.target.value)}
              error={tried && !name.trim()}
              helperText={tried && !name.trim() ? t('form.required') : t('form.nameHint')}
              slotProps={{ htmlInput: { maxLength: 200, 'data-testid': 'bill-name' } }}
            />
            <TypeAndDate billType={billType} onBillType={setBillType} productChosen={Boolean(productId)} date={date} onDate={setDate} />
            {billType && (
              <Typography sx={{ fontSize: '0.8125rem', color: 'text.secondary' }} data-testid="bill-type-hint">
                {t(`typeHint.${billType}`)}
              </Typography>
            )}
            {billType === 'FIXED_BILL' && (
              <AmountAndCount
                label={t('bill.perBillAmount')}
                name="perBillAmount"
                value={perBill}
                onChange={setPerBill}
                installments={installments}
                onInstallments={setInstallments}
              />
            )}
            {billType === 'WITH_TOTAL_DEBT' && (
              <AmountAndCount
                label={t('bill.totalDebt')}
                value={amount}
                onChange={setAmount}
                installments={installments}
                onInstallments={setInstallments}
              />
            )}
            {billType === 'NOT_FIXED_BILL' && <AmountList amounts={amounts} onChange={setAmounts} />}
            <MoneyField label={t('bill.adminFee')} value={adminFee} onChange={setAdminFee} helperText={t('form.adminFeeHint')} />
            <TextField
              label={t('form.description')}
              value={description}
              onChange={(e) => setDescription(e.target.value)}
              multiline
              minRows={2}
            />
            {save.isError && <Alert severity="error">{errorMessage(save.error)}</Alert>}
            <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end' }}>
              <Button onClick={() => navigate('/transactions/bills')}>{t('common:common.cancel')}</Button>
              <Button variant="contained" onClick={submit} disabled={save.isPending} data-testid="save-bill">
                {t('form.save')}
              </Button>
            </Box>
          </CardContent>
        </Card>
        <SimulationCard sim={sim} ready={Boolean(productId && billType)} />
      </Box>
    </>
  );
}
