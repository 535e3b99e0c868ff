/** One type's upload: template download, the file with its progress, the staged rows with errors highlighted. */
import type { MigrationDataType, MigrationUploadResult } from '@koperasi/contracts/migration';
import DownloadIcon from '@mui/icons-material/Download';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { downloadFailed, downloadTemplate, migrationKey, uploadData } from '../api/migration';
import { StagedRows } from './StagedRows';

export function UploadPanel({ type, locked }: { type: MigrationDataType; locked: boolean }) {
  const { t } = useTranslation('migration');
  const qc = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [result, setResult] = useState<MigrationUploadResult | null>(null);

  const send = async (file: File) => {
    setProgress(0);
    setResult(null);
    try {
      const r = await uploadData(type, file, setProgress);
      setResult(r.data);
      notifySuccess(r.message);
    } catch (e) {
      notifyError(e);
    } finally {
      setProgress(null);
      if (input.current) input.current.value = '';
      void qc.invalidateQueries({ queryKey: migrationKey });
    }
  };

  return (
    <Stack spacing={2}>
      <Typography variant="body2" color="text.secondary">
        {t(`help.${type}`)}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
        <Button variant="outlined" startIcon={<DownloadIcon />} onClick={() => downloadTemplate(type).catch(notifyError)}>
          {t('template')}
        </Button>
        <Button
          variant="contained"
          startIcon={<UploadFileIcon />}
          disabled={locked || progress !== null}
          onClick={() => input.current?.click()}
          data-testid={`upload-${type}`}
        >
          {t('upload')}
        </Button>
        <input
          ref={input}
          type="file"
          hidden
          accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          data-testid={`file-${type}`}
          onChange={(e) => {
            const f = e.target.files?.[0];
            if (f) void send(f);
          }}
        />
      </Stack>
      {locked && <Alert severity="info">{t('locked')}</Alert>}
      {progress !== null && (
        <Box>
          <Typography variant="caption">{progress < 100 ? t('sending', { percent: progress }) : t('checking')}</Typography>
          <LinearProgress variant={progress < 100 ? 'determinate' : 'indeterminate'} value={progress} />
        </Box>
      )}
      {result && (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }} data-testid={`result-${type}`}>
          <Chip color="success" label={t('validCount', { count: result.valid })} />
          <Chip color={result.failed ? 'error' : 'default'} label={t('failedCount', { count: result.failed })} />
          {result.failed > 0 && (
            <Button size="small" startIcon={<DownloadIcon />} onClick={() => downloadFailed(type).catch(notifyError)}>
              {t('downloadFailed')}
            </Button>
          )}
        </Stack>
      )}
      <StagedRows type={type} />
    </Stack>
  );
}
