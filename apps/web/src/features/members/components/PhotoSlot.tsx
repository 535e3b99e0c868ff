/**
 * One photo of a member (self, KTP, KK): the picture, "Kamera" (the kit's
 * CameraCaptureDialog, with its "no camera detected" message when the device
 * has none) and "Pilih berkas". Files are checked here as the server checks
 * them (JPEG, PNG or WebP, at most 8 MB) so a wrong file is refused at once.
 */
import { MEMBER_PHOTO_MAX_BYTES, type MemberPhotoKind } from '@koperasi/contracts/members';
import BadgeOutlined from '@mui/icons-material/BadgeOutlined';
import CameraAltOutlined from '@mui/icons-material/CameraAltOutlined';
import FaceOutlined from '@mui/icons-material/FaceOutlined';
import FamilyRestroomOutlined from '@mui/icons-material/FamilyRestroomOutlined';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CircularProgress from '@mui/material/CircularProgress';
import { alpha } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CameraCaptureDialog } from '../../../components/CameraCaptureDialog';
import { useMessageText } from '../../../lib/i18n/messages';
import { notifyError } from '../../../lib/notify';

const ICON = { self: FaceOutlined, 'identity-card': BadgeOutlined, 'family-card': FamilyRestroomOutlined } as const;
const ACCEPT = ['image/jpeg', 'image/png', 'image/webp'];

export interface PhotoSlotProps {
  kind: MemberPhotoKind;
  /** Object URL of the picture, when there is one. */
  src: string | null;
  loading?: boolean;
  busy?: boolean;
  /** Hide the buttons (role without the permission, closed record). */
  readOnly?: boolean;
  onPhoto: (photo: Blob) => void;
  /** Optional line under the title (e.g. "not saved yet"). */
  note?: string;
}

export function PhotoSlot({ kind, src, loading, busy, readOnly, onPhoto, note }: PhotoSlotProps) {
  const { t } = useTranslation('members');
  const msg = useMessageText();
  const [camera, setCamera] = useState(false);
  const Icon = ICON[kind];

  const take = (file: Blob) => {
    if (file.type && !ACCEPT.includes(file.type)) {
      notifyError(msg('member.photo_type'));
      return;
    }
    if (file.size > MEMBER_PHOTO_MAX_BYTES) {
      notifyError(msg('member.photo_too_large', { mb: MEMBER_PHOTO_MAX_BYTES / 1048576 }));
      return;
    }
    onPhoto(file);
  };

  return (
    <Card
      variant="outlined"
      sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 1.5, height: '100%' }}
      data-testid={`photo-${kind}`}
    >
      <Box>
        <Typography sx={{ fontWeight: 600 }}>{t(`photos.kinds.${kind}`)}</Typography>
        <Typography sx={{ fontSize: '0.75rem', color: 'text.secondary' }}>{note ?? t(`photos.hints.${kind}`)}</Typography>
      </Box>
      <Box
        sx={(th) => ({
          position: 'relative',
          height: 220,
          borderRadius: 2,
          overflow: 'hidden',
          border: `1px dashed ${th.palette.divider}`,
          bgcolor: alpha(th.palette.text.primary, 0.03),
          display: 'grid',
          placeItems: 'center',
        })}
      >
        {src ? (
          <Box
            component="img"
            src={src}
            alt={t(`photos.kinds.${kind}`)}
            sx={{ width: '100%', height: '100%', objectFit: kind === 'self' ? 'cover' : 'contain' }}
            data-testid={`photo-${kind}-img`}
          />
        ) : loading ? (
          <CircularProgress size={28} />
        ) : (
          <Box sx={{ textAlign: 'center', color: 'text.secondary', px: 2 }}>
            <Icon sx={{ fontSize: 40, opacity: 0.6 }} />
            <Typography sx={{ fontSize: '0.8125rem' }}>{t('photos.none')}</Typography>
          </Box>
        )}
        {busy && (
          <Box sx={{ position: 'absolute', inset: 0, display: 'grid', placeItems: 'center', bgcolor: 'rgba(0,0,0,.35)' }}>
            <CircularProgress size={28} sx={{ color: '#fff' }} />
          </Box>
        )}
      </Box>
      {!readOnly && (
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 'auto' }}>
          <Button
            size="small"
            variant="outlined"
            startIcon={<CameraAltOutlined />}
            onClick={() => setCamera(true)}
            disabled={busy}
            data-testid={`photo-${kind}-camera`}
          >
            {t('photos.camera')}
          </Button>
          <Button size="small" color="inherit" component="label" startIcon={<UploadFileOutlined />} disabled={busy}>
            {t('photos.file')}
            <input
              hidden
              type="file"
              accept={ACCEPT.join(',')}
              data-testid={`photo-${kind}-file`}
              onChange={(e) => {
                const f = e.target.files?.[0];
                e.target.value = '';
                if (f) take(f);
              }}
            />
          </Button>
        </Box>
      )}
      <CameraCaptureDialog
        open={camera}
        onClose={() => setCamera(false)}
        onCapture={take}
        title={t('photos.cameraTitle', { kind: t(`photos.kinds.${kind}`) })}
        facingMode={kind === 'self' ? 'user' : 'environment'}
      />
    </Card>
  );
}
