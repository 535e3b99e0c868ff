/**
 * Loan loss provision (PPAP): the figures on a day per grade (tenant percents),
 * the allowance account's balance and the difference; the monthly postings with
 * "post a month" and "cancel" (confirmation; the cancel posts a reversal).
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '../../../components/ConfirmDialog';
import { useAuth } from '../../../lib/auth/AuthProvider';
import { previousMonthEnd, todayWib } from '../../../lib/dates';
import { useFormat } from '../../../lib/format';
import { notifyError } from '../../../lib/notify';
import { useCancelProvision, usePostProvision, useProvisions } from '../api';
import { DataTable, ReportView } from './ReportView';

const lastMonth = () => previousMonthEnd(todayWib()).slice(0, 7);

export function PpapPanel() {
  const { t } = useTranslation('loan-portfolio');
  const fmt = useFormat();
  const { can } = useAuth();
  const postings = useProvisions();
  const postM = usePostProvision();
  const cancelM = useCancelProvision();
  const { confirm, dialog } = useConfirm();
  const [period, setPeriod] = useState(lastMonth());
  const [reason, setReason] = useState('');
  const latest = postings.data?.find((p) => p.status === 'POSTED');
  return (
    <>
      {dialog}
      <ReportView
        report="ppap"
        extra={(d) => (
          <Stack direction="row" useFlexGap spacing={2} sx={{ mb: 2, flexWrap: 'wrap' }} data-testid="ppap-figures">
            {[
              ['required', (d.total as { provision: number }).provision],
              ['allowanceBalance', d.allowanceBalance as number],
              ['difference', d.difference as number | null],
            ].map(([k, v]) => (
              <Card key={k as string} sx={{ px: 2, py: 1.5, minWidth: 200 }}>
                <Typography variant="caption" color="text.secondary">
                  {t(`ppap.${k}`)}
                </Typography>
                <Typography variant="h6">{v === null ? '-' : fmt.money(v as number)}</Typography>
              </Card>
            ))}
          </Stack>
        )}
      />
      <Card sx={{ mt: 3 }}>
        <CardContent>
          <Typography variant="h6" sx={{ mb: 1 }}>
            {t('ppap.postings')}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {t('ppap.explain')}
          </Typography>
          {can('adjustment_journal', 'add') && (
            <Box sx={{ display: 'flex', gap: 2, mb: 2, flexWrap: 'wrap', displayPrint: 'none' }}>
              <TextField
                fullWidth={false}
                type="month"
                size="small"
                label={t('ppap.period')}
                value={period}
                onChange={(e) => setPeriod(e.target.value)}
                slotProps={{ inputLabel: { shrink: true } }}
                data-testid="ppap-period"
              />
              <Button
                variant="contained"
                data-testid="ppap-post"
                disabled={!period}
                onClick={async () => {
                  const okd = await confirm({ title: t('ppap.postTitle', { period }), message: t('ppap.postMessage') });
                  if (!okd) return;
                  try {
                    await postM.mutateAsync(period);
                  } catch (err) {
                    notifyError(err);
                  }
                }}
              >
                {t('ppap.post')}
              </Button>
            </Box>
          )}
          {postings.data && postings.data.length === 0 ? (
            <Alert severity="info">{t('ppap.none')}</Alert>
          ) : (
            <DataTable
              columns={[
                { key: 'period' },
                { key: 'asOf', kind: 'date' },
                { key: 'required', kind: 'money' },
                { key: 'balanceBefore', kind: 'money' },
                { key: 'amount', kind: 'money' },
                { key: 'journalNumber' },
                { key: 'statusText' },
              ]}
              rows={(postings.data ?? []).map((p) => ({
                ...p,
                statusText:
                  p.status === 'POSTED' ? t(`ppap.direction.${p.direction}`) : `${t('ppap.cancelled')} (${p.reversalNumber ?? '-'})`,
              }))}
            />
          )}
          {latest && can('adjustment_journal', 'delete') && (
            <Box sx={{ display: 'flex', gap: 2, mt: 2, alignItems: 'center', flexWrap: 'wrap', displayPrint: 'none' }}>
              <Chip label={`${t('ppap.latest')}: ${latest.period}`} />
              <TextField
                fullWidth={false}
                size="small"
                label={t('ppap.reason')}
                value={reason}
                onChange={(e) => setReason(e.target.value)}
                sx={{ minWidth: 260 }}
              />
              <Button
                color="error"
                variant="outlined"
                disabled={!reason.trim()}
                data-testid="ppap-cancel"
                onClick={async () => {
                  const okd = await confirm({
                    title: t('ppap.cancelTitle', { period: latest.period }),
                    message: t('ppap.cancelMessage'),
                    destructive: true,
                  });
                  if (!okd) return;
                  try {
                    await cancelM.mutateAsync({ id: latest.id, reason });
                    setReason('');
                  } catch (err) {
                    notifyError(err);
                  }
                }}
              >
                {t('ppap.cancel')}
              </Button>
            </Box>
          )}
        </CardContent>
      </Card>
    </>
  );
}
