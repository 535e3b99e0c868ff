/**
 * Buka/tutup kas (/teller/session): the signed-in teller's session of today.
 * Without one: the opening form (opening balance = the cash account's ledger
 * balance, today). With one: opening, live expected cash (refreshed every 15
 * seconds), cash in and out by kind and the latest journals on the cash
 * account, the close dialog and the session report.
 */
import PrintOutlined from '@mui/icons-material/PrintOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { MoneyField } from '../../../components/money/MoneyField';
import { MoneyText } from '../../../components/money/MoneyText';
import { PageHeader } from '../../../components/PageHeader';
import { useFormat } from '../../../lib/format';
import { errorMessage, notifySuccess } from '../../../lib/notify';
import { useOpenBalance, useOpenTeller, useSessionDetail } from '../api/teller';
import { CloseDialog } from '../components/CloseDialog';
import { Figure, StatusChip, useModuleLabel } from '../components/Parts';

export default function SessionPage() {
  const { t } = useTranslation('teller');
  const q = useOpenBalance();
  const d = q.data;
  const session = d?.session ?? null;
  return (
    <>
      <PageHeader
        title={t('session.title')}
        subtitle={d ? t('session.subtitle', { date: d.today }) : undefined}
        breadcrumbs={[{ label: t('nav') }, { label: t('session.title') }]}
        actions={
          session && (
            <Button
              component={RouterLink}
              to={`/teller/sessions/${session.id}/print?own=1`}
              startIcon={<PrintOutlined />}
              data-testid="print-report"
            >
              {t('report.print')}
            </Button>
          )
        }
      />
      {q.isLoading && <Skeleton variant="rounded" height={220} />}
      {q.isError && <Alert severity="error">{errorMessage(q.error)}</Alert>}
      {d && !d.cashAccount && <Alert severity="warning">{t('session.noCashAccount')}</Alert>}
      {d?.openSession && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {t('session.previousOpen', { date: d.openSession.date })}
        </Alert>
      )}
      {d?.cashAccount && !session && !d.openSession && <OpenForm suggested={d.openingBalance} date={d.today} account={d.cashAccount} />}
      {session && <SessionView id={session.id} />}
      {d?.openSession && <SessionView id={d.openSession.id} />}
    </>
  );
}

function OpenForm({ suggested, date, account }: { suggested: number; date: string; account: { code: string; name: string } }) {
  const { t } = useTranslation('teller');
  const [amount, setAmount] = useState<number | null>(suggested);
  const [error, setError] = useState<string | null>(null);
  const open = useOpenTeller();
  useEffect(() => setAmount(suggested), [suggested]);
  const submit = async () => {
    setError(null);
    try {
      const env = await open.mutateAsync({ openingBalance: amount ?? 0, date });
      notifySuccess(env.message);
    } catch (e) {
      setError(errorMessage(e));
    }
  };
  return (
    <Card sx={{ maxWidth: 560 }} data-testid="open-form">
      <CardHeader title={t('open.title')} subheader={t('open.hint', { account: `${account.code} ${account.name}` })} />
      <CardContent>
        <Stack spacing={2}>
          <TextField label={t('open.date')} value={date} disabled />
          <MoneyField
            label={t('open.openingBalance')}
            value={amount}
            onChange={setAmount}
            slotProps={{ htmlInput: { 'data-testid': 'opening-balance' } }}
          />
          {error && (
            <Alert severity="error" data-testid="open-error">
              {error}
            </Alert>
          )}
          <Box>
            <Button variant="contained" onClick={submit} disabled={open.isPending || amount === null} data-testid="open-submit">
              {t('open.submit')}
            </Button>
          </Box>
        </Stack>
      </CardContent>
    </Card>
  );
}

function SessionView({ id }: { id: string }) {
  const { t } = useTranslation('teller');
  const f = useFormat();
  const label = useModuleLabel();
  const q = useSessionDetail(id, true);
  const [closing, setClosing] = useState(false);
  const s = q.data;
  if (!s) return <Skeleton variant="rounded" height={220} />;
  return (
    <Stack spacing={3} data-testid="session-view" data-status={s.status}>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(4, 1fr)' }, gap: 2 }}>
        <Figure label={t('session.opening')} value={<MoneyText value={s.openingBalance} />} hint={`${s.coa.code} ${s.coa.name}`} />
        <Figure label={t('session.cashIn')} value={<MoneyText value={s.totalCashIn} />} />
        <Figure label={t('session.cashOut')} value={<MoneyText value={s.totalCashOut} />} />
        <Figure
          label={t('session.expected')}
          value={<MoneyText value={s.expectedCash} />}
          testId="expected-cash"
          hint={s.status === 'OPEN' ? t('session.live') : undefined}
        />
      </Box>
      <Card>
        <CardHeader
          title={
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <span>{t('session.movements')}</span>
              <StatusChip status={s.status} />
            </Stack>
          }
          subheader={t('session.openedAt', { time: f.date(s.openedAt, 'dateTime') })}
          action={
            s.status === 'OPEN' && (
              <Button variant="contained" color="warning" onClick={() => setClosing(true)} data-testid="close-open">
                {t('close.title')}
              </Button>
            )
          }
        />
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{t('report.kind')}</TableCell>
                <TableCell align="right">{t('report.count')}</TableCell>
                <TableCell align="right">{t('session.cashIn')}</TableCell>
                <TableCell align="right">{t('session.cashOut')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {s.movements.length === 0 && (
                <TableRow>
                  <TableCell colSpan={4}>
                    <Typography variant="body2" color="text.secondary">
                      {t('session.noMovements')}
                    </Typography>
                  </TableCell>
                </TableRow>
              )}
              {s.movements.map((m) => (
                <TableRow key={m.module}>
                  <TableCell>{label(m.module)}</TableCell>
                  <TableCell align="right">{f.number(m.count)}</TableCell>
                  <TableCell align="right">
                    <MoneyText value={m.cashIn} />
                  </TableCell>
                  <TableCell align="right">
                    <MoneyText value={m.cashOut} />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      </Card>
      {s.status === 'CLOSED' && (
        <Alert severity={s.difference ? 'warning' : 'success'} data-testid="closed-summary">
          {t('session.closedSummary', {
            counted: f.money(s.countedCash),
            difference: f.money(s.difference),
          })}
          {s.closeReason ? ` — ${s.closeReason}` : ''}
        </Alert>
      )}
      <Card>
        <CardHeader title={t('session.journals')} />
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{t('report.time')}</TableCell>
                <TableCell>{t('report.description')}</TableCell>
                <TableCell align="right">{t('session.cashIn')}</TableCell>
                <TableCell align="right">{t('session.cashOut')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {s.journals.slice(0, 20).map((j) => (
                <TableRow key={j.id}>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{f.date(j.postedAt, 'time')}</TableCell>
                  <TableCell>
                    <Typography variant="body2">{j.description}</Typography>
                    <Typography variant="caption" color="text.secondary">
                      {j.number ?? ''} · {label(j.module)}
                    </Typography>
                  </TableCell>
                  <TableCell align="right">{j.cashIn ? <MoneyText value={j.cashIn} /> : ''}</TableCell>
                  <TableCell align="right">{j.cashOut ? <MoneyText value={j.cashOut} /> : ''}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      </Card>
      {closing && <CloseDialog session={s} open={closing} onClose={() => setClosing(false)} />}
    </Stack>
  );
}
