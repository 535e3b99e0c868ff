/**
 * The cooperative's logo: a preview of the stored one (read with the token),
 * upload (JPEG, PNG or WebP up to 5 MB; the server stores a PNG of at most
 * 1024 px) with a preview of the chosen file before it is sent, and removal
 * (confirmed).
 */
import { LOGO_MAX_BYTES } from '@koperasi/contracts/settings';
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import ImageOutlined from '@mui/icons-material/ImageOutlined';
import UploadRounded from '@mui/icons-material/UploadRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '../../../components/ConfirmDialog';
import { useAuth } from '../../../lib/auth/AuthProvider';
import { useDeleteLogo } from '../api/deleteLogo';
import { useTenantLogo } from '../api/tenantLogo';
import { useUploadLogo } from '../api/uploadLogo';
import { SettingsCard } from './SettingsCard';

const TYPES = ['image/jpeg', 'image/png', 'image/webp'];

export function LogoCard({ logoUrl }: { logoUrl: string | null }) {
  const { t } = useTranslation('cooperative');
  const { can, refreshUser } = useAuth();
  const logo = useTenantLogo(logoUrl);
  const upload = useUploadLogo();
  const remove = useDeleteLogo();
  const { confirm, dialog } = useConfirm();
  const input = useRef<HTMLInputElement>(null);
  const [picked, setPicked] = useState<{ file: File; url: string } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => () => (picked ? URL.revokeObjectURL(picked.url) : undefined), [picked]);

  const choose = (file: File | undefined) => {
    setProblem(null);
    if (!file) return;
    if (!TYPES.includes(file.type)) return setProblem(t('logo.badType'));
    if (file.size > LOGO_MAX_BYTES) return setProblem(t('logo.tooLarge', { mb: LOGO_MAX_BYTES / 1024 / 1024 }));
    setPicked({ file, url: URL.createObjectURL(file) });
  };

  const send = async () => {
    if (!picked) return;
    try {
      await upload.mutateAsync(picked.file);
      setPicked(null);
      void refreshUser();
    } catch {
      // toasted
    }
  };

  const shown = picked?.url ?? logo.data;
  return (
    <SettingsCard
      title={t('logo.title')}
      subheader={t('logo.hint')}
      testId="logo-card"
      actions={
        can('settings', 'update') && (
          <>
            {picked ? (
              <>
                <Button color="inherit" onClick={() => setPicked(null)}>
                  {t('common:common.cancel')}
                </Button>
                <Button variant="contained" onClick={send} loading={upload.isPending} data-testid="logo-save">
                  {t('logo.save')}
                </Button>
              </>
            ) : (
              <>
                {logoUrl && can('settings', 'delete') && (
                  <Button
                    color="error"
                    startIcon={<DeleteOutlineRounded />}
                    onClick={async () => {
                      if (
                        await confirm({
                          title: t('logo.removeTitle'),
                          message: t('logo.removeConfirm'),
                          destructive: true,
                          confirmLabel: t('logo.remove'),
                        })
                      ) {
                        await remove.mutateAsync().catch(() => undefined);
                        void refreshUser();
                      }
                    }}
                  >
                    {t('logo.remove')}
                  </Button>
                )}
                <Button variant="outlined" startIcon={<UploadRounded />} onClick={() => input.current?.click()} data-testid="logo-choose">
                  {logoUrl ? t('logo.replace') : t('logo.upload')}
                </Button>
              </>
            )}
          </>
        )
      }
    >
      <input
        ref={input}
        type="file"
        accept={TYPES.join(',')}
        hidden
        data-testid="logo-input"
        onChange={(e) => {
          choose(e.target.files?.[0]);
          e.target.value = '';
        }}
      />
      <Box
        sx={{
          height: 160,
          borderRadius: 2,
          border: 1,
          borderStyle: 'dashed',
          borderColor: picked ? 'primary.main' : 'divider',
          display: 'grid',
          placeItems: 'center',
          bgcolor: 'action.hover',
          overflow: 'hidden',
        }}
        data-testid="logo-preview"
      >
        {logo.isFetching && !picked ? (
          <CircularProgress size={28} />
        ) : shown ? (
          <Box component="img" src={shown} alt={t('logo.title')} sx={{ maxWidth: '90%', maxHeight: 140, objectFit: 'contain' }} />
        ) : (
          <Box sx={{ textAlign: 'center', color: 'text.secondary' }}>
            <ImageOutlined sx={{ fontSize: 40 }} />
            <Typography sx={{ fontSize: '0.8125rem' }}>{t('logo.none')}</Typography>
          </Box>
        )}
      </Box>
      {picked && (
        <Typography sx={{ fontSize: '0.75rem', color: 'primary.main', mt: 1 }}>
          {t('logo.previewNote', { name: picked.file.name })}
        </Typography>
      )}
      {problem && (
        <Alert severity="error" sx={{ mt: 1.5 }}>
          {problem}
        </Alert>
      )}
      {dialog}
    </SettingsCard>
  );
}
