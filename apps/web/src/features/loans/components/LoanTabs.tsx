/** The tabs of a loan's detail page other than its installments. */
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import PrintOutlined from '@mui/icons-material/PrintOutlined';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import VerifiedRounded from '@mui/icons-material/VerifiedRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { DateField } from '../../../components/dates/DateField';
import { EmptyState } from '../../../components/EmptyState';
import { Facts } from '../../../components/Facts';
import { MoneyText } from '../../../components/money/MoneyText';
import { DateTimeCell } from '../../../components/table/cells';
import { useAuth } from '../../../lib/auth/AuthProvider';
import { useFormat } from '../../../lib/format';
import { uuid } from '../../../lib/id';
import { useCancelPayment } from '../api/cancelPayment';
import { useLoanImages, useLoanMutations, useLoanPayments, useOutstanding } from '../api/loanDetail';
import type { LoanDetailView, LoanPaymentView } from '../api/types';
import { useUpdateCriteria, useUpdateRequest, useVerifyGuarantor } from '../api/verification';
import { todayWib } from '../lib/dates';
import { loanReceiptPath } from './ReceiptButtons';

const num = { textAlign: 'end', whiteSpace: 'nowrap' } as const;

function Paged({
  children,
  total,
  page,
  limit,
  onPage,
  onLimit,
}: {
  children: ReactNode;
  total: number;
  page: number;
  limit: number;
  onPage: (p: number) => void;
  onLimit: (l: number) => void;
}) {
  const { t } = useTranslation('loans');
  return (
    <>
      <TableContainer sx={{ border: 1, borderColor: 'divider', borderRadius: 2 }}>{children}</TableContainer>
      <TablePagination
        component="div"
        count={total}
        page={page}
        rowsPerPage={limit}
        onPageChange={(_e, p) => onPage(p)}
        onRowsPerPageChange={(e) => onLimit(Number(e.target.value))}
        rowsPerPageOptions={[10, 25, 50]}
        labelRowsPerPage={t('payments.rowsPerPage')}
      />
    </>
  );
}

// ---------------------------------------------------------------- payments

export function PaymentsTab({ loan }: { loan: LoanDetailView }) {
  const { t } = useTranslation('loans');
  const f = useFormat();
  const { user } = useAuth();
  const [page, setPage] = useState(0);
  const [limit, setLimit] = useState(10);
  const q = useLoanPayments(loan.id, { page, limit });
  const cancel = useCancelPayment();
  const [cancelling, setCancelling] = useState<LoanPaymentView | null>(null);
  const [reason, setReason] = useState('');
  const [cancelKey, setCancelKey] = useState(uuid());
  const rows = q.data?.content ?? [];
  const canCancel = Boolean(user?.limits.canCancelTransaction);
  const latestPosted = rows.find((p) => p.status === 'POSTED')?.id;

  if (q.isLoading) return <Skeleton variant="rounded" height={200} />;
  if (q.isError) return <EmptyState kind="loadFailed" compact onRetry={() => void q.refetch()} />;
  if (!rows.length) return <EmptyState compact title={t('payments.empty')} />;
  return (
    <>
      <Paged total={q.data?.totalElements ?? 0} page={page} limit={limit} onPage={setPage} onLimit={setLimit}>
        <Table size="small" data-testid="payments-table" sx={{ minWidth: 680 }}>
          <TableHead>
            <TableRow>
              <TableCell>{t('payments.date')}</TableCell>
              <TableCell>{t('pay.kind')}</TableCell>
              <TableCell sx={num}>{t('pay.amount')}</TableCell>
              <TableCell sx={num}>{t('schedule.principal')}</TableCell>
              <TableCell sx={num}>{t('schedule.interest')}</TableCell>
              <TableCell sx={num}>{t('schedule.fine')}</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((p) => {
              const cancelled = p.status === 'CANCELLED';
              return (
                <TableRow
                  key={p.id}
                  data-testid="payment-row"
                  sx={cancelled ? { '& td': { textDecoration: 'line-through', color: 'text.disabled' } } : undefined}
                >
                  <TableCell>
                    <DateTimeCell value={p.createdDate} />
                  </TableCell>
                  <TableCell>
                    <Box sx={{ lineHeight: 1.35 }}>
                      {t(`pay.kinds.${p.kind}`)}
                      <Box sx={{ fontSize: '0.75rem', color: 'text.secondary' }}>
                        {[p.journalNumber, t(`source.${p.source}`), p.createdByName].filter(Boolean).join(' · ')}
                      </Box>
                    </Box>
                  </TableCell>
                  <TableCell sx={{ ...num, fontWeight: 600 }}>
                    <MoneyText value={p.amount} />
                  </TableCell>
                  <TableCell sx={num}>
                    <MoneyText value={p.principal} />
                  </TableCell>
                  <TableCell sx={num}>
                    <MoneyText value={p.interest} />
                  </TableCell>
                  <TableCell sx={num}>
                    <MoneyText value={p.fine} />
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap', textAlign: 'end', textDecoration: 'none !important' }}>
                    {cancelled ? (
                      <Chip size="small" label={t('payments.cancelled')} />
                    ) : (
                      <Box sx={{ display: 'inline-flex', gap: 0.5, alignItems: 'center' }}>
                        <Tooltip title={t('receipt.printA5')}>
                          <IconButton
                            size="small"
                            href={loanReceiptPath(loan.id, p.id, 'A5')}
                            target="_blank"
                            rel="noopener"
                            aria-label={t('receipt.printA5')}
                            data-testid="payment-receipt-a5"
                          >
                            <PrintOutlined fontSize="small" />
                          </IconButton>
                        </Tooltip>
                        <Tooltip title={t('receipt.print80')}>
                          <IconButton
                            size="small"
                            href={loanReceiptPath(loan.id, p.id, '80MM')}
                            target="_blank"
                            rel="noopener"
                            aria-label={t('receipt.print80')}
                          >
                            <ReceiptLongOutlined fontSize="small" />
                          </IconButton>
                        </Tooltip>
                        {canCancel && p.id === latestPosted && (
                          <Tooltip title={t('payments.cancel')}>
                            <IconButton size="small" color="error" onClick={() => setCancelling(p)} data-testid="payment-cancel">
                              <DeleteOutlineRounded fontSize="small" />
                            </IconButton>
                          </Tooltip>
                        )}
                      </Box>
                    )}
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </Paged>
      <ConfirmDialog
        open={Boolean(cancelling)}
        onClose={() => {
          setCancelling(null);
          setReason('');
          setCancelKey(uuid());
        }}
        destructive
        title={t('payments.cancelTitle')}
        confirmLabel={t('payments.cancel')}
        message={
          cancelling && (
            <Box sx={{ display: 'grid', gap: 2 }}>
              <span>{t('payments.cancelText', { amount: f.money(cancelling.amount), date: f.date(cancelling.paymentDate, 'long') })}</span>
              <TextField
                label={t('decision.reason')}
                value={reason}
                onChange={(e) => setReason(e.target.value)}
                required
                autoFocus
                slotProps={{ htmlInput: { maxLength: 500, 'data-testid': 'cancel-reason' } }}
              />
            </Box>
          )
        }
        onConfirm={async () => {
          if (!cancelling || !reason.trim()) throw new Error('reason');
          await cancel.mutateAsync({ paymentId: cancelling.id, reason: reason.trim(), idempotencyKey: cancelKey });
          setReason('');
          setCancelKey(uuid());
        }}
      />
    </>
  );
}

// ---------------------------------------------------------------- mutations

export function MutationsTab({ loan }: { loan: LoanDetailView }) {
  const { t } = useTranslation('loans');
  const [page, setPage] = useState(0);
  const [limit, setLimit] = useState(10);
  const q = useLoanMutations(loan.id, { page, limit });
  const rows = q.data?.content ?? [];
  if (q.isLoading) return <Skeleton variant="rounded" height={200} />;
  if (q.isError) return <EmptyState kind="loadFailed" compact onRetry={() => void q.refetch()} />;
  if (!rows.length) return <EmptyState compact title={t('mutations.empty')} />;
  return (
    <Paged total={q.data?.totalElements ?? 0} page={page} limit={limit} onPage={setPage} onLimit={setLimit}>
      <Table size="small" data-testid="mutations-table" sx={{ minWidth: 640 }}>
        <TableHead>
          <TableRow>
            <TableCell>{t('payments.date')}</TableCell>
            <TableCell>{t('mutations.activity')}</TableCell>
            <TableCell sx={num}>{t('mutations.debit')}</TableCell>
            <TableCell sx={num}>{t('mutations.credit')}</TableCell>
            <TableCell sx={num}>{t('loan.remainingPrincipal')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((m) => (
            <TableRow key={m.id} data-testid="mutation-row">
              <TableCell>
                <DateTimeCell value={m.createdDate} />
              </TableCell>
              <TableCell>
                <Box sx={{ lineHeight: 1.35 }}>
                  {t(`mutations.kinds.${m.activity}`, { defaultValue: m.activity })}
                  {m.description && <Box sx={{ fontSize: '0.75rem', color: 'text.secondary' }}>{m.description}</Box>}
                </Box>
              </TableCell>
              <TableCell sx={num}>{m.debit ? <MoneyText value={m.debit} /> : '-'}</TableCell>
              <TableCell sx={num}>{m.credit ? <MoneyText value={m.credit} /> : '-'}</TableCell>
              <TableCell sx={{ ...num, fontWeight: 600 }}>
                <MoneyText value={m.balance} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Paged>
  );
}

// ---------------------------------------------------------------- verification

function NoteField({
  label,
  value,
  onSave,
  disabled,
  testId,
}: {
  label: string;
  value: string | null;
  onSave: (v: string) => Promise<unknown>;
  disabled: boolean;
  testId: string;
}) {
  const { t } = useTranslation('loans');
  const [text, setText] = useState(value ?? '');
  const [busy, setBusy] = useState(false);
  const changed = text.trim() !== (value ?? '').trim();
  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      <TextField
        label={label}
        value={text}
        onChange={(e) => setText(e.target.value)}
        multiline
        minRows={2}
        disabled={disabled}
        slotProps={{ htmlInput: { maxLength: 2000, 'data-testid': testId } }}
      />
      {!disabled && changed && (
        <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
          <Button
            size="small"
            variant="contained"
            loading={busy}
            onClick={async () => {
              setBusy(true);
              try {
                await onSave(text.trim());
              } finally {
                setBusy(false);
              }
            }}
          >
            {t('common:common.save')}
          </Button>
        </Box>
      )}
    </Box>
  );
}

export function VerificationTab({ loan }: { loan: LoanDetailView }) {
  const { t } = useTranslation('loans');
  const { can } = useAuth();
  const verify = useVerifyGuarantor();
  const criteria = useUpdateCriteria();
  const request = useUpdateRequest();
  const open = loan.status === 'WAITING_APPROVAL' || loan.status === 'APPROVED';
  const editable = can('member_transaction', 'update') && open;
  const g = (loan.guarantor ?? null) as Record<string, string | null> | null;
  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <Box>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1.5 }}>
          <Typography sx={{ fontWeight: 600, flex: 1 }}>{t('form.guarantor')}</Typography>
          {g && (
            <Chip
              size="small"
              color={loan.guarantorVerified ? 'success' : 'default'}
              icon={loan.guarantorVerified ? <VerifiedRounded /> : undefined}
              label={loan.guarantorVerified ? t('guarantor.verified') : t('guarantor.notVerified')}
              data-testid="guarantor-verified"
            />
          )}
          {g && editable && !loan.guarantorVerified && (
            <Button
              size="small"
              variant="outlined"
              onClick={() => verify.mutate({ id: loan.id, isVerified: true })}
              loading={verify.isPending}
              data-testid="guarantor-verify"
            >
              {t('guarantor.verify')}
            </Button>
          )}
        </Box>
        {g ? (
          <Facts
            items={[
              { label: t('guarantor.name'), value: g.name ?? '-' },
              g.relationship && { label: t('guarantor.relationship'), value: g.relationship },
              g.phone && { label: t('guarantor.phone'), value: g.phone },
              g.identityNumber && { label: t('guarantor.identityNumber'), value: g.identityNumber },
              g.address && { label: t('guarantor.address'), value: g.address },
            ]}
          />
        ) : (
          <Typography sx={{ fontSize: '0.8125rem', color: 'text.secondary' }}>{t('form.noGuarantor')}</Typography>
        )}
      </Box>
      <NoteField
        label={t('form.criteria')}
        value={loan.criteria}
        disabled={!editable}
        testId="note-criteria"
        onSave={(v) => criteria.mutateAsync({ loanId: loan.id, criteria: v })}
      />
      <NoteField
        label={t('verification.interview')}
        value={loan.interviewNotes}
        disabled={!(editable && loan.status === 'WAITING_APPROVAL')}
        testId="note-interview"
        onSave={(v) => request.mutateAsync({ id: loan.id, interviewNotes: v })}
      />
      <NoteField
        label={t('verification.survey')}
        value={loan.surveyNotes}
        disabled={!(editable && loan.status === 'WAITING_APPROVAL')}
        testId="note-survey"
        onSave={(v) => request.mutateAsync({ id: loan.id, surveyNotes: v })}
      />
    </Box>
  );
}

// ---------------------------------------------------------------- images

export function ImagesTab({ loan }: { loan: LoanDetailView }) {
  const { t } = useTranslation('loans');
  const q = useLoanImages(loan.id);
  if (q.isLoading) return <Skeleton variant="rounded" height={160} />;
  if (q.isError) return <EmptyState kind="loadFailed" compact onRetry={() => void q.refetch()} />;
  if (!q.data?.length) return <EmptyState compact title={t('images.empty')} description={t('images.emptyText')} />;
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(180px, 1fr))', gap: 2 }} data-testid="images">
      {q.data.map((img) => (
        <Box
          key={img.url}
          component="a"
          href={img.url}
          target="_blank"
          rel="noopener"
          sx={{ display: 'block', textDecoration: 'none', color: 'inherit' }}
        >
          <Box
            component="img"
            src={img.url}
            alt={img.number}
            sx={{ width: '100%', aspectRatio: '4 / 3', objectFit: 'cover', borderRadius: 2, border: 1, borderColor: 'divider' }}
          />
          <Typography sx={{ fontSize: '0.75rem', color: 'text.secondary', mt: 0.5 }} noWrap>
            {img.type ? `${img.type} · ` : ''}
            {img.number}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

// ---------------------------------------------------------------- outstanding

export function OutstandingTab({ loan }: { loan: LoanDetailView }) {
  const { t } = useTranslation('loans');
  const f = useFormat();
  const today = todayWib();
  const [date, setDate] = useState<string | null>(today);
  const running = loan.status === 'RUNNING';
  const q = useOutstanding(loan.id, date && date !== today ? date : null, running);
  if (!running) return <EmptyState compact title={t('outstanding.notRunning')} />;
  const o = q.data;
  return (
    <Box sx={{ display: 'grid', gap: 2, maxWidth: 560 }}>
      <DateField label={t('outstanding.date')} value={date} onChange={setDate} min={today} />
      {q.isError && <Alert severity="error">{t('pay.outstandingMissing')}</Alert>}
      {!o && q.isLoading && <Skeleton variant="rounded" height={180} />}
      {o && (
        <Box data-testid="outstanding">
          <Facts
            items={[
              { label: t('loan.remainingPrincipal'), value: <MoneyText value={o.remainingPrincipal} /> },
              { label: t('outstanding.interest'), value: <MoneyText value={o.interest} /> },
              { label: t('outstanding.fine'), value: <MoneyText value={o.fine} /> },
              {
                label: t('outstanding.overdue'),
                value: t('outstanding.overdueValue', { count: o.overdueInstallments, amount: f.money(o.overdueAmount) }),
              },
              o.daysLate > 0 && { label: t('outstanding.daysLate'), value: t('installment.daysLate', { count: o.daysLate }) },
              { label: t('outstanding.total'), value: <MoneyText value={o.total} />, strong: true, testId: 'outstanding-total' },
            ]}
          />
          <Typography sx={{ fontSize: '0.75rem', color: 'text.secondary', mt: 1.5 }}>
            {t('outstanding.hint', { date: f.date(o.date, 'long') })}
          </Typography>
        </Box>
      )}
    </Box>
  );
}

export { CollateralTab } from './CollateralTab';
