/**
 * A new member upload: the template to fill in, the file (dropped or picked; .xlsx, at most 40 MB), and the
 * button that starts the job.
 */
import CloudUploadOutlined from '@mui/icons-material/CloudUploadOutlined';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { alpha } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { type DragEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../lib/format';
import { useMessageText } from '../../../lib/i18n/messages';
import { notifyError } from '../../../lib/notify';
import { downloadTemplate, useStartUpload } from '../api/uploads';
import { SectionCard } from './SectionCard';

const MAX_BYTES = 40 * 1024 * 1024;

export function NewUploadCard({ onStarted }: { onStarted: (jobId: string) => void }) {
  const { t } = useTranslation('members');
  const f = useFormat();
  const msg = useMessageText();
  const start = useStartUpload();
  const [file, setFile] = useState<File | null>(null);
  const [drag, setDrag] = useState(false);
  const [templateBusy, setTemplateBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  const choose = (picked: File | undefined) => {
    if (!picked) return;
    if (!/\.xlsx$/i.test(picked.name)) {
      notifyError(msg('member.upload_not_xlsx'));
      return;
    }
    if (picked.size > MAX_BYTES) {
      notifyError(t('upload.tooLarge', { mb: MAX_BYTES / 1048576 }));
      return;
    }
    setFile(picked);
  };

  const upload = async () => {
    if (!file) return;
    const env = await start.mutateAsync(file).catch(() => null);
    if (!env) return;
    setFile(null);
    onStarted(env.data.id);
  };

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDrag(false);
    choose(e.dataTransfer.files?.[0]);
  };

  return (
    <SectionCard icon={<CloudUploadOutlined fontSize="small" />} title={t('upload.newUpload')} subtitle={t('upload.steps')}>
      <Box sx={{ display: 'grid', gap: 2 }}>
        <Box>
          <Typography sx={{ fontSize: '0.8125rem', color: 'text.secondary', mb: 1 }}>{t('upload.templateHint')}</Typography>
          <Button
            variant="outlined"
            startIcon={<FileDownloadOutlined />}
            loading={templateBusy}
            onClick={async () => {
              setTemplateBusy(true);
              try {
                await downloadTemplate();
              } catch (e) {
                notifyError(e);
              } finally {
                setTemplateBusy(false);
              }
            }}
            data-testid="download-template"
          >
            {t('upload.template')}
          </Button>
        </Box>
        <Box
          onDragOver={(e) => {
            e.preventDefault();
            setDrag(true);
          }}
          onDragLeave={() => setDrag(false)}
          onDrop={onDrop}
          onClick={() => input.current?.click()}
          role="button"
          tabIndex={0}
          onKeyDown={(e) => {
            if (e.key === 'Enter' || e.key === ' ') input.current?.click();
          }}
          sx={(th) => ({
            border: `2px dashed ${drag ? th.palette.primary.main : th.palette.divider}`,
            borderRadius: 2,
            p: 3,
            textAlign: 'center',
            cursor: 'pointer',
            bgcolor: drag ? alpha(th.palette.primary.main, 0.06) : 'transparent',
            transition: 'all .15s',
            '&:hover': { borderColor: 'primary.main' },
          })}
          data-testid="upload-dropzone"
        >
          <CloudUploadOutlined sx={{ fontSize: 36, color: 'primary.main' }} />
          <Typography sx={{ fontWeight: 600, mt: 1 }}>{file ? file.name : t('upload.drop')}</Typography>
          <Typography sx={{ fontSize: '0.75rem', color: 'text.secondary' }}>
            {file ? t('upload.fileSize', { kb: f.number(file.size / 1024, 0) }) : t('upload.dropHint')}
          </Typography>
          <input
            ref={input}
            hidden
            type="file"
            accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            data-testid="upload-input"
            onChange={(e) => {
              choose(e.target.files?.[0]);
              e.target.value = '';
            }}
          />
        </Box>
        <Button
          variant="contained"
          size="large"
          startIcon={<CloudUploadOutlined />}
          disabled={!file}
          loading={start.isPending}
          onClick={upload}
          data-testid="upload-submit"
        >
          {t('upload.submit')}
        </Button>
      </Box>
    </SectionCard>
  );
}
