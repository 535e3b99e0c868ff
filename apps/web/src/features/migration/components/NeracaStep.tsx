/** Step 2, adjust account recording: the opening balance sheet from the COA, downloaded, filled, uploaded. */
import DownloadIcon from '@mui/icons-material/Download';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/EmptyState';
import { MoneyText } from '../../../components/money/MoneyText';
import { ApiError } from '../../../lib/api/errors';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { downloadNeraca, migrationKey, uploadNeraca, useNeraca } from '../api/migration';

/** The sub-ledger column: under the account's name on a phone. */
const HIDE_ON_PHONE = { display: { xs: 'none', sm: 'table-cell' } } as const;

export function NeracaStep() {
  const { t } = useTranslation('migration');
  const qc = useQueryClient();
  const q = useNeraca();
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [errors, setErrors] = useState<Array<{ field: string; message: string }>>([]);
  const send = async (file: File) => {
    setProgress(0);
    setErrors([]);
    try {
      notifySuccess((await uploadNeraca(file, setProgress)).message);
    } catch (e) {
      notifyError(e);
      if (e instanceof ApiError) setErrors(e.fields);
    } finally {
      setProgress(null);
      if (input.current) input.current.value = '';
      void qc.invalidateQueries({ queryKey: migrationKey });
    }
  };
  const rows = (q.data?.accounts ?? []).filter((a) => Number(a.debit) || Number(a.credit) || a.subLedger);
  return (
    <Stack spacing={2}>
      <Typography variant="body2" color="text.secondary">
        {t('help.neraca')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
        <Button variant="outlined" startIcon={<DownloadIcon />} onClick={() => downloadNeraca().catch(notifyError)}>
          {t('neracaTemplate')}
        </Button>
        <Button
          variant="contained"
          startIcon={<UploadFileIcon />}
          disabled={Boolean(q.data?.confirmed) || progress !== null}
          onClick={() => input.current?.click()}
        >
          {t('neracaUpload')}
        </Button>
        <input
          ref={input}
          type="file"
          hidden
          accept=".xlsx"
          data-testid="file-neraca"
          onChange={(e) => {
            const f = e.target.files?.[0];
            if (f) void send(f);
          }}
        />
      </Stack>
      {progress !== null && <LinearProgress variant={progress < 100 ? 'determinate' : 'indeterminate'} value={progress} />}
      {errors.length > 0 && (
        <Alert severity="error">
          {errors.map((e) => (
            <div key={`${e.field}-${e.message}`}>
              {t('rowColumn', { where: e.field })}: {e.message}
            </div>
          ))}
        </Alert>
      )}
      {q.data && (
        <Stack
          direction="row"
          spacing={2}
          useFlexGap
          sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}
          data-testid="neraca-totals"
        >
          <Typography variant="body2">
            {t('debit')}: <MoneyText value={q.data.totalDebit} />
          </Typography>
          <Typography variant="body2">
            {t('credit')}: <MoneyText value={q.data.totalCredit} />
          </Typography>
          <Chip size="small" color={q.data.balanced ? 'success' : 'error'} label={q.data.balanced ? t('balanced') : t('unbalanced')} />
        </Stack>
      )}
      {q.isError ? (
        <EmptyState kind="loadFailed" compact onRetry={() => void q.refetch()} />
      ) : rows.length === 0 && !q.isLoading ? (
        <EmptyState kind="noData" compact />
      ) : (
        <TableContainer sx={{ maxHeight: 420 }}>
          <Table size="small" stickyHeader data-testid="neraca-table">
            <TableHead>
              <TableRow>
                <TableCell>{t('account')}</TableCell>
                <TableCell sx={HIDE_ON_PHONE}>{t('subLedger')}</TableCell>
                <TableCell align="right">{t('debit')}</TableCell>
                <TableCell align="right">{t('credit')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((a) => (
                <TableRow key={a.id}>
                  <TableCell>
                    <Box component="span" sx={{ fontVariantNumeric: 'tabular-nums', mr: 1 }}>
                      {a.code}
                    </Box>
                    {a.name}
                    {a.subLedger && (
                      <Typography variant="caption" color="text.secondary" sx={{ display: { xs: 'block', sm: 'none' } }}>
                        {t(`types.${a.subLedger}`)}
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell sx={HIDE_ON_PHONE}>{a.subLedger ? t(`types.${a.subLedger}`) : ''}</TableCell>
                  <TableCell align="right">
                    <MoneyText value={Number(a.debit) ? a.debit : null} empty="" />
                  </TableCell>
                  <TableCell align="right">
                    <MoneyText value={Number(a.credit) ? a.credit : null} empty="" />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Stack>
  );
}
