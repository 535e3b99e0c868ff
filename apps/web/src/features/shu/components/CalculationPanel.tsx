/**
 * A year's calculation: calculate (closed year only), the allocations and totals, every member's share (paged,
 * search, Excel), distribute (confirmation, then progress until every chunk is committed) and cancel (reason,
 * confirmation). Each member's slip opens printable.
 */
import CalculateOutlined from '@mui/icons-material/CalculateOutlined';
import SendOutlined from '@mui/icons-material/SendOutlined';
import UndoOutlined from '@mui/icons-material/UndoOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '../../../components/ConfirmDialog';
import { useAuth } from '../../../lib/auth/AuthProvider';
import { useFormat } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { ALLOCATIONS, type ShuCalculation, useCalculateShu, useCancelShu, useDistributeShu } from '../api/shu';
import { ShuMembersCard } from './ShuMembersCard';
import { StatusChip } from './StatusChip';

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

/** The surplus, what went to the reserve, the gross, tax and net shares, the members, the journal. */
function CalculationTotals({ calc }: { calc: ShuCalculation }) {
  const { t } = useTranslation(['shu', 'common']);
  const f = useFormat();
  return (
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
  );
}

/** On a phone the header's buttons go under the title instead of squeezing it into a column. */
const headerSx = {
  flexWrap: { xs: 'wrap', md: 'nowrap' },
  '& .MuiCardHeader-content': { minWidth: { xs: '100%', md: 0 } },
  '& .MuiCardHeader-action': { m: 0, mt: { xs: 1, md: 0 }, flex: { xs: '1 1 100%', md: '0 0 auto' }, minWidth: 0 },
} as const;

export function CalculationPanel({ year, calc, notFound }: { year: number; calc: ShuCalculation | undefined; notFound: boolean }) {
  const { t } = useTranslation(['shu', 'common']);
  const f = useFormat();
  const { can } = useAuth();
  const { confirm, dialog } = useConfirm();
  const calculate = useCalculateShu();
  const distribute = useDistributeShu();
  const cancel = useCancelShu();
  const [payout, setPayout] = useState<'SAVINGS' | 'CASH'>('SAVINGS');
  const [cancelOpen, setCancelOpen] = useState(false);
  const [reason, setReason] = useState('');
  const status = calc?.status;
  const canDistribute = can('shu', 'add') && (status === 'CALCULATED' || status === 'DISTRIBUTING');
  const canCancel = can('shu', 'delete') && (status === 'DISTRIBUTED' || status === 'DISTRIBUTING' || status === 'CANCELLING');
  const canCalculate = can('shu', 'add') && (!calc || status === 'CALCULATED' || status === 'CANCELLED');

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
          sx={headerSx}
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
          <Box sx={{ px: 3, pb: 1 }} data-testid="shu-progress">
            <Typography variant="body2" sx={{ mb: 0.5 }}>
              {distribute.isPending ? t('distribute.progress') : t('cancel.progress')}
              {calc?.progress && ` ${t('progressCount', { done: f.number(calc.progress.done), total: f.number(calc.progress.total) })}`}
            </Typography>
            <LinearProgress
              variant={calc?.progress?.total ? 'determinate' : 'indeterminate'}
              value={calc?.progress?.total ? (100 * calc.progress.done) / calc.progress.total : undefined}
            />
          </Box>
        )}
        {!distribute.isPending && !cancel.isPending && calc?.progress && (
          <Typography variant="body2" color="text.secondary" sx={{ px: 3, pb: 1 }} data-testid="shu-progress-count">
            {t('progressCount', { done: f.number(calc.progress.done), total: f.number(calc.progress.total) })}
          </Typography>
        )}
        <CardContent>
          {notFound && !calc && <Alert severity="info">{t('calculation.explainClosed')}</Alert>}
          {calc && (
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '3fr 2fr' } }}>
              <AllocationTable calc={calc} />
              <CalculationTotals calc={calc} />
            </Box>
          )}
        </CardContent>
      </Card>
      {calc && <ShuMembersCard year={year} />}
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
