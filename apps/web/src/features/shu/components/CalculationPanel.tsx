/**
 * A year's calculation: calculate (closed year only), the allocations and totals, every member's share (paged,
 * search, Excel), distribute (confirmation, then progress until every chunk is committed) and cancel (reason,
 * confirmation). Each member's slip opens printable.
 */
import CalculateOutlined from '@mui/icons-material/CalculateOutlined';
import PaymentsOutlined from '@mui/icons-material/PaymentsOutlined';
import PrintOutlined from '@mui/icons-material/PrintOutlined';
import SendOutlined from '@mui/icons-material/SendOutlined';
import UndoOutlined from '@mui/icons-material/UndoOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
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
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '../../../components/ConfirmDialog';
import { downloadServerExcel } from '../../../lib/api/download';
import { useAuth } from '../../../lib/auth/AuthProvider';
import { useFormat } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import {
  ALLOCATIONS,
  type ShuCalculation,
  useCalculateShu,
  useCancelShu,
  useDistributeShu,
  usePayShuCash,
  useShuMembers,
} from '../api/shu';

export function StatusChip({ status }: { status: string }) {
  const { t } = useTranslation('shu');
  const color =
    status === 'DISTRIBUTED' || status === 'CREDITED' || status === 'PAID'
      ? 'success'
      : status.startsWith('CANCEL') || status === 'REVERSED'
        ? 'default'
        : 'info';
  return <Chip size="small" color={color} variant="outlined" label={t(`status.${status}`)} />;
}

export function AllocationTable({ calc }: { calc: ShuCalculation }) {
  const { t } = useTranslation('shu');
  const f = useFormat();
  return (
    <TableContainer>
      <Table size="small">
        <TableHead>
          <TableRow>
            <TableCell>{t('allocation.title')}</TableCell>
            <TableCell align="right">{t('allocation.planned')}</TableCell>
            <TableCell align="right">{t('allocation.amount')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {ALLOCATIONS.map((k) => (
            <TableRow key={k}>
              <TableCell>{t(`allocation.${k}`)}</TableCell>
              <TableCell align="right">{f.money(calc.planned[k])}</TableCell>
              <TableCell align="right">{f.money(calc.allocations[k])}</TableCell>
            </TableRow>
          ))}
          <TableRow sx={{ '& td': { fontWeight: 700 } }}>
            <TableCell>{t('allocation.total')}</TableCell>
            <TableCell align="right">{f.money(calc.surplus)}</TableCell>
            <TableCell align="right">{f.money(calc.surplus)}</TableCell>
          </TableRow>
        </TableBody>
      </Table>
    </TableContainer>
  );
}

export function CalculationPanel({ year, calc, notFound }: { year: number; calc: ShuCalculation | undefined; notFound: boolean }) {
  const { t } = useTranslation(['shu', 'common']);
  const f = useFormat();
  const { can } = useAuth();
  const { confirm, dialog } = useConfirm();
  const calculate = useCalculateShu();
  const distribute = useDistributeShu();
  const cancel = useCancelShu();
  const payCash = usePayShuCash();
  const [page, setPage] = useState(0);
  const [limit, setLimit] = useState(10);
  const [search, setSearch] = useState('');
  const [payout, setPayout] = useState<'SAVINGS' | 'CASH'>('SAVINGS');
  const [cancelOpen, setCancelOpen] = useState(false);
  const [reason, setReason] = useState('');
  const members = useShuMembers(year, page, limit, search, Boolean(calc));
  const status = calc?.status;
  const canDistribute = can('shu', 'add') && (status === 'CALCULATED' || status === 'DISTRIBUTING');
  const canCancel = can('shu', 'delete') && (status === 'DISTRIBUTED' || status === 'DISTRIBUTING' || status === 'CANCELLING');
  const canCalculate = can('shu', 'add') && (!calc || status === 'CALCULATED' || status === 'CANCELLED');

  const onPayCash = async (m: { memberId: string; memberName: string; net: number }) => {
    const ok = await confirm({
      title: t('payCash.title'),
      message: t('payCash.explain', { name: m.memberName, amount: f.money(m.net), year }),
      confirmLabel: t('payCash.action'),
    });
    if (ok) payCash.mutate({ year, memberId: m.memberId }, { onSuccess: (env) => notifySuccess(env.message), onError: notifyError });
  };

  const onCalculate = () => calculate.mutate({ year }, { onSuccess: (env) => notifySuccess(env.message), onError: notifyError });

  const onDistribute = async () => {
    if (!calc) return;
    const ok = await confirm({
      title: t('distribute.title', { year }),
      message: t('distribute.explain', {
        surplus: f.money(calc.surplus),
        net: f.money(calc.totals.net),
        tax: f.money(calc.totals.tax),
        payout: t(`payout.${payout}`),
      }),
      confirmLabel: t('distribute.action'),
      requireText: String(year),
    });
    if (!ok) return;
    distribute.mutate({ year, payout }, { onSuccess: (env) => notifySuccess(env.message), onError: notifyError });
  };

  const onCancel = () => {
    cancel.mutate(
      { year, reason },
      {
        onSuccess: (env) => {
          notifySuccess(env.message);
          setCancelOpen(false);
          setReason('');
        },
        onError: notifyError,
      },
    );
  };

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      {dialog}
      <Card variant="outlined">
        <CardHeader
          title={t('calculation.title', { year })}
          subheader={calc ? t('calculation.calculatedAt', { at: f.date(calc.calculatedAt, 'dateTime') }) : t('calculation.none')}
          action={
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
              {calc && <StatusChip status={calc.status} />}
              {canCalculate && (
                <Button
                  variant={calc ? 'outlined' : 'contained'}
                  startIcon={<CalculateOutlined />}
                  onClick={onCalculate}
                  loading={calculate.isPending}
                >
                  {calc ? t('calculation.recalculate') : t('calculation.calculate')}
                </Button>
              )}
              {canDistribute && status === 'CALCULATED' && (
                <TextField
                  select
                  size="small"
                  label={t('distribute.payout')}
                  value={payout}
                  onChange={(e) => setPayout(e.target.value as 'SAVINGS' | 'CASH')}
                  sx={{ minWidth: 200 }}
                >
                  <MenuItem value="SAVINGS">{t('payout.SAVINGS')}</MenuItem>
                  <MenuItem value="CASH">{t('payout.CASH')}</MenuItem>
                </TextField>
              )}
              {canDistribute && (
                <Button variant="contained" startIcon={<SendOutlined />} onClick={onDistribute} disabled={distribute.isPending}>
                  {status === 'DISTRIBUTING' ? t('distribute.resume') : t('distribute.action')}
                </Button>
              )}
              {canCancel && (
                <Button color="error" variant="outlined" startIcon={<UndoOutlined />} onClick={() => setCancelOpen(true)}>
                  {t('cancel.action')}
                </Button>
              )}
            </Box>
          }
        />
        {(distribute.isPending || cancel.isPending) && (
          <Box sx={{ px: 2, pb: 1 }} data-testid="shu-progress">
            <Typography variant="body2" sx={{ mb: 0.5 }}>
              {distribute.isPending ? t('distribute.progress') : t('cancel.progress')}
            </Typography>
            <LinearProgress />
          </Box>
        )}
        <CardContent>
          {notFound && !calc && <Alert severity="info">{t('calculation.explainClosed')}</Alert>}
          {calc && (
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '3fr 2fr' } }}>
              <AllocationTable calc={calc} />
              <Box sx={{ display: 'grid', gap: 1, alignContent: 'start' }}>
                {(
                  [
                    ['surplus', calc.surplus],
                    ['remainder', calc.remainderToReserve],
                    ['gross', calc.totals.gross],
                    ['tax', calc.totals.tax],
                    ['net', calc.totals.net],
                  ] as const
                ).map(([k, v]) => (
                  <Box key={k} sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}>
                    <Typography color="text.secondary">{t(`totals.${k}`)}</Typography>
                    <Typography sx={{ fontWeight: 600 }}>{f.money(v)}</Typography>
                  </Box>
                ))}
                <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}>
                  <Typography color="text.secondary">{t('totals.members')}</Typography>
                  <Typography sx={{ fontWeight: 600 }}>{f.number(calc.memberCount)}</Typography>
                </Box>
                {calc.journalNumber && (
                  <Typography variant="body2" color="text.secondary">
                    {t('distribute.journal', { number: calc.journalNumber, date: f.date(calc.distributionDate, 'date') })}
                  </Typography>
                )}
                {calc.cancelReason && <Alert severity="info">{t('cancel.reasonShown', { reason: calc.cancelReason })}</Alert>}
              </Box>
            </Box>
          )}
        </CardContent>
      </Card>
      {calc && (
        <Card variant="outlined">
          <CardHeader
            title={t('members.title')}
            action={
              <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
                <TextField
                  size="small"
                  placeholder={t('members.search')}
                  value={search}
                  onChange={(e) => {
                    setSearch(e.target.value);
                    setPage(0);
                  }}
                />
                <Button
                  variant="outlined"
                  color="inherit"
                  sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
                  onClick={() =>
                    downloadServerExcel('/api/shu/calculation/members', { year, format: 'xlsx' }, `shu-${year}.xlsx`).catch(notifyError)
                  }
                >
                  {t('members.excel')}
                </Button>
              </Box>
            }
          />
          <TableContainer>
            <Table size="small" sx={{ '& td, & th': { px: 1 }, '& td': { whiteSpace: 'nowrap' } }}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('members.cif')}</TableCell>
                  <TableCell>{t('members.name')}</TableCell>
                  <TableCell align="right">{t('members.equityBasis')}</TableCell>
                  <TableCell align="right">{t('members.equityShare')}</TableCell>
                  <TableCell align="right">{t('members.transactionBasis')}</TableCell>
                  <TableCell align="right">{t('members.transactionShare')}</TableCell>
                  <TableCell align="right">{t('members.gross')}</TableCell>
                  <TableCell align="right">{t('members.tax')}</TableCell>
                  <TableCell align="right">{t('members.net')}</TableCell>
                  <TableCell>{t('members.status')}</TableCell>
                  <TableCell />
                </TableRow>
              </TableHead>
              <TableBody>
                {members.data?.content.map((m) => (
                  <TableRow key={m.memberId} hover>
                    <TableCell sx={{ fontFamily: 'monospace' }}>{m.cifNumber}</TableCell>
                    <TableCell>{m.memberName}</TableCell>
                    <TableCell align="right">{f.money(m.equityBasis)}</TableCell>
                    <TableCell align="right">{f.money(m.equityShare)}</TableCell>
                    <TableCell align="right">{f.money(m.transactionBasis)}</TableCell>
                    <TableCell align="right">{f.money(m.transactionShare)}</TableCell>
                    <TableCell align="right">{f.money(m.gross)}</TableCell>
                    <TableCell align="right">{f.money(m.tax)}</TableCell>
                    <TableCell align="right" sx={{ fontWeight: 600 }}>
                      {f.money(m.net)}
                    </TableCell>
                    <TableCell>
                      <StatusChip status={m.status} />
                    </TableCell>
                    <TableCell padding="checkbox" sx={{ whiteSpace: 'nowrap' }}>
                      {m.status === 'PAYABLE' && m.net > 0 && can('shu', 'add') && (
                        <Tooltip title={t('payCash.action')}>
                          <IconButton
                            size="small"
                            color="primary"
                            aria-label={t('payCash.action')}
                            data-testid={`shu-pay-cash-${m.cifNumber}`}
                            disabled={payCash.isPending}
                            onClick={() => onPayCash(m)}
                          >
                            <PaymentsOutlined fontSize="small" />
                          </IconButton>
                        </Tooltip>
                      )}
                      <Tooltip title={t('slip.open')}>
                        <IconButton size="small" aria-label={t('slip.open')} href={`/shu/slip/${m.memberId}?year=${year}`} target="_blank">
                          <PrintOutlined fontSize="small" />
                        </IconButton>
                      </Tooltip>
                    </TableCell>
                  </TableRow>
                ))}
                {members.data && members.data.content.length === 0 && (
                  <TableRow>
                    <TableCell colSpan={11} align="center">
                      {t('members.empty')}
                    </TableCell>
                  </TableRow>
                )}
              </TableBody>
            </Table>
          </TableContainer>
          <TablePagination
            component="div"
            count={members.data?.totalElements ?? 0}
            page={page}
            rowsPerPage={limit}
            onPageChange={(_, p) => setPage(p)}
            onRowsPerPageChange={(e) => {
              setLimit(Number(e.target.value));
              setPage(0);
            }}
            labelRowsPerPage={t('members.rowsPerPage')}
            labelDisplayedRows={({ from, to, count }) => t('members.displayed', { from, to, total: count })}
          />
        </Card>
      )}
      <Dialog open={cancelOpen} onClose={() => setCancelOpen(false)} fullWidth maxWidth="sm">
        <DialogTitle>{t('cancel.title', { year })}</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2 }}>
          <Alert severity="warning">{t('cancel.explain')}</Alert>
          <TextField
            label={t('cancel.reason')}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            multiline
            minRows={2}
            autoFocus
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setCancelOpen(false)}>{t('common:common.cancel')}</Button>
          <Button color="error" variant="contained" disabled={reason.trim().length < 3} loading={cancel.isPending} onClick={onCancel}>
            {t('cancel.action')}
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
