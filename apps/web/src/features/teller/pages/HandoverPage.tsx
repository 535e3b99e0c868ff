/**
 * Serah terima kas (/teller/handover): send cash from the open session to the
 * main cash (Kas Besar) or another teller; below, the handovers sent and those
 * waiting for the signed-in user to confirm (confirm posts the journal; reject
 * asks a reason).
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MoneyField } from '../../../components/money/MoneyField';
import { PageHeader } from '../../../components/PageHeader';
import { DateTimeCell } from '../../../components/table/cells';
import { moneyColumn } from '../../../components/table/moneyColumn';
import { ServerDataTable } from '../../../components/table/ServerDataTable';
import { useUser } from '../../../lib/auth/AuthProvider';
import { errorMessage, notifyError, notifySuccess } from '../../../lib/notify';
import { type Handover, listHandovers, tellerKey, useDecideHandover, useOpenBalance, useReceivers, useSendHandover } from '../api/teller';
import { StatusChip } from '../components/Parts';

/** Confirm / reject (or withdraw one's own) while pending; afterwards the journal number or the reason. */
function HandoverActions({ row, userId, onAct }: { row: Handover; userId: string; onAct: (h: Handover, d: 'confirm' | 'reject') => void }) {
  const { t } = useTranslation('teller');
  if (row.status !== 'PENDING') return row.journalNumber ?? row.reason ?? '';
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', height: '100%' }}>
      {row.from.userId !== userId && (
        <Button size="small" variant="contained" onClick={() => onAct(row, 'confirm')} data-testid={`confirm-${row.id}`}>
          {t('handover.confirm')}
        </Button>
      )}
      <Button size="small" color="error" onClick={() => onAct(row, 'reject')}>
        {row.from.userId === userId ? t('handover.withdraw') : t('handover.reject')}
      </Button>
    </Stack>
  );
}

export default function HandoverPage() {
  const { t } = useTranslation('teller');
  const user = useUser();
  const balance = useOpenBalance();
  const receivers = useReceivers();
  const send = useSendHandover();
  const decide = useDecideHandover();
  const [target, setTarget] = useState<'MAIN_CASH' | 'TELLER'>('MAIN_CASH');
  const [toUserId, setToUserId] = useState('');
  const [amount, setAmount] = useState<number | null>(null);
  const [description, setDescription] = useState('');
  const [error, setError] = useState<string | null>(null);
  const open = balance.data?.session?.status === 'OPEN' ? balance.data.session : null;

  const submit = async () => {
    setError(null);
    try {
      const env = await send.mutateAsync({
        target,
        toUserId: target === 'TELLER' ? toUserId || null : null,
        amount: amount ?? 0,
        description: description.trim() || null,
      });
      notifySuccess(env.message);
      setAmount(null);
      setDescription('');
    } catch (e) {
      setError(errorMessage(e));
    }
  };
  const act = async (h: Handover, decision: 'confirm' | 'reject') => {
    let reason: string | undefined;
    if (decision === 'reject') {
      reason = window.prompt(t('handover.rejectReason')) ?? undefined;
      if (!reason) return;
    }
    try {
      const env = await decide.mutateAsync({ id: h.id, decision, reason });
      notifySuccess(env.message);
    } catch (e) {
      notifyError(e);
    }
  };

  const columns: GridColDef<Handover>[] = [
    { field: 'createdDate', headerName: t('report.time'), width: 130, renderCell: ({ row }) => <DateTimeCell value={row.createdDate} /> },
    {
      field: 'from',
      headerName: t('handover.from'),
      flex: 1,
      minWidth: 150,
      valueGetter: (_v, r) => `${r.from.name ?? ''} (${r.from.coa.code})`,
    },
    {
      field: 'to',
      headerName: t('handover.to'),
      flex: 1,
      minWidth: 150,
      valueGetter: (_v, r) => (r.target === 'MAIN_CASH' ? `${r.to.coa.code} ${r.to.coa.name}` : `${r.to.name ?? ''} (${r.to.coa.code})`),
    },
    moneyColumn('amount', t('handover.amount'), 130),
    { field: 'status', headerName: t('report.status'), width: 130, renderCell: ({ row }) => <StatusChip status={row.status} /> },
    {
      field: 'actions',
      headerName: '',
      width: 190,
      sortable: false,
      renderCell: ({ row }) => <HandoverActions row={row} userId={user.id} onAct={act} />,
    },
  ];

  return (
    <>
      <PageHeader title={t('handover.title')} breadcrumbs={[{ label: t('nav') }, { label: t('handover.title') }]} />
      <Stack spacing={3}>
        <Card sx={{ maxWidth: 640 }}>
          <CardHeader
            title={t('handover.send')}
            subheader={open ? t('handover.sendHint', { account: `${open.coa.code} ${open.coa.name}` }) : undefined}
          />
          <CardContent>
            {!open ? (
              <Alert severity="info">{t('handover.needSession')}</Alert>
            ) : (
              <Stack spacing={2}>
                <TextField
                  select
                  label={t('handover.target')}
                  value={target}
                  onChange={(e) => setTarget(e.target.value as 'MAIN_CASH' | 'TELLER')}
                >
                  <MenuItem value="MAIN_CASH">{t('handover.mainCash')}</MenuItem>
                  <MenuItem value="TELLER">{t('handover.otherTeller')}</MenuItem>
                </TextField>
                {target === 'TELLER' && (
                  <TextField select label={t('handover.receiver')} value={toUserId} onChange={(e) => setToUserId(e.target.value)}>
                    {(receivers.data ?? []).map((r) => (
                      <MenuItem key={r.userId} value={r.userId}>
                        {r.name} · {r.coa.code} {r.coa.name}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
                <MoneyField label={t('handover.amount')} value={amount} onChange={setAmount} />
                <TextField label={t('report.description')} value={description} onChange={(e) => setDescription(e.target.value)} />
                {error && <Alert severity="error">{error}</Alert>}
                <Box>
                  <Button variant="contained" onClick={submit} disabled={send.isPending || !amount}>
                    {t('handover.send')}
                  </Button>
                </Box>
              </Stack>
            )}
          </CardContent>
        </Card>
        <Box>
          <Typography variant="h6" sx={{ mb: 1 }}>
            {t('handover.list')}
          </Typography>
          <ServerDataTable<Handover>
            queryKey={[...tellerKey, 'handovers']}
            fetchPage={listHandovers}
            columns={columns}
            searchable={false}
            emptyText={t('handover.empty')}
          />
        </Box>
      </Stack>
    </>
  );
}
