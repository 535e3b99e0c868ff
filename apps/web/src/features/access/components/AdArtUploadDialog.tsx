/** Upload an AD/ART document: the file (PDF or image up to 10 MB), its title, type (AD, ART, other) and a description. */
import { AD_ART_MAX_BYTES, AD_ART_TYPES } from '@koperasi/contracts/settings';
import AttachFileRounded from '@mui/icons-material/AttachFileRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api/errors';
import { useFormat } from '../../../lib/format';
import { useUploadAdArt } from '../api/uploadAdArt';

const ACCEPT = ['application/pdf', 'image/jpeg', 'image/png', 'image/webp'];

export function AdArtUploadDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('cooperative');
  const f = useFormat();
  const upload = useUploadAdArt();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [title, setTitle] = useState('');
  const [documentType, setDocumentType] = useState<(typeof AD_ART_TYPES)[number]>('AD');
  const [description, setDescription] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [touched, setTouched] = useState(false);

  useEffect(() => {
    if (!open) return;
    setFile(null);
    setTitle('');
    setDocumentType('AD');
    setDescription('');
    setProblem(null);
    setTouched(false);
  }, [open]);

  const pick = (f0: File | undefined) => {
    setProblem(null);
    if (!f0) return;
    if (!ACCEPT.includes(f0.type)) return setProblem(t('adArt.badType'));
    if (f0.size > AD_ART_MAX_BYTES) return setProblem(t('adArt.tooLarge', { mb: AD_ART_MAX_BYTES / 1024 / 1024 }));
    setFile(f0);
    if (!title.trim()) setTitle(f0.name.replace(/\.[^.]+$/, ''));
  };

  const send = async () => {
    setTouched(true);
    if (!file || !title.trim()) return;
    try {
      await upload.mutateAsync({ file, title: title.trim(), description: description.trim() || null, documentType });
      onClose();
    } catch (e) {
      if (isApiError(e)) setProblem(e.message);
    }
  };

  const titleMissing = touched && !title.trim();
  return (
    <Dialog open={open} onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="ad-art-upload-title">
      <DialogTitle id="ad-art-upload-title">{t('adArt.uploadTitle')}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
        <input
          ref={input}
          type="file"
          hidden
          accept={ACCEPT.join(',')}
          data-testid="ad-art-file"
          onChange={(e) => {
            pick(e.target.files?.[0]);
            e.target.value = '';
          }}
        />
        <Box
          role="button"
          tabIndex={0}
          onClick={() => input.current?.click()}
          onKeyDown={(e) => (e.key === 'Enter' || e.key === ' ') && input.current?.click()}
          onDragOver={(e) => e.preventDefault()}
          onDrop={(e) => {
            e.preventDefault();
            pick(e.dataTransfer.files?.[0]);
          }}
          sx={{
            p: 3,
            border: 1,
            borderStyle: 'dashed',
            borderColor: touched && !file ? 'error.main' : file ? 'primary.main' : 'divider',
            borderRadius: 2,
            textAlign: 'center',
            cursor: 'pointer',
            bgcolor: 'action.hover',
          }}
        >
          <AttachFileRounded sx={{ color: 'text.secondary' }} />
          <Typography sx={{ fontWeight: 500 }}>{file ? file.name : t('adArt.chooseFile')}</Typography>
          <Typography sx={{ fontSize: '0.75rem', color: 'text.secondary' }}>
            {file ? f.number(file.size / 1024, 0) + ' KB' : t('adArt.fileHint', { mb: AD_ART_MAX_BYTES / 1024 / 1024 })}
          </Typography>
        </Box>
        {problem && <Alert severity="error">{problem}</Alert>}
        <TextField
          label={t('adArt.fields.title')}
          value={title}
          onChange={(e) => setTitle(e.target.value)}
          required
          error={titleMissing}
          helperText={titleMissing ? t('adArt.titleRequired') : undefined}
          slotProps={{ htmlInput: { maxLength: 200, 'data-testid': 'ad-art-title' } }}
        />
        <TextField
          select
          label={t('adArt.fields.documentType')}
          value={documentType}
          onChange={(e) => setDocumentType(e.target.value as (typeof AD_ART_TYPES)[number])}
        >
          {AD_ART_TYPES.map((d) => (
            <MenuItem key={d} value={d}>
              {t(`adArt.types.${d}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          label={t('adArt.fields.description')}
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          multiline
          minRows={2}
          slotProps={{ htmlInput: { maxLength: 1000 } }}
        />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button color="inherit" onClick={onClose}>
          {t('common:common.cancel')}
        </Button>
        <Button variant="contained" onClick={send} loading={upload.isPending} data-testid="ad-art-upload-submit">
          {t('adArt.upload')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
