/**
 * Take a photo with the device camera (member photo, ID card, family card):
 * live preview, switch camera, retake, use. The result is a JPEG blob. When
 * there is no camera (or the page is not on https, where browsers hide it)
 * the spec's "no camera detected on your device" message shows, with a file
 * picker as the way out.
 */
import CameraAltOutlined from '@mui/icons-material/CameraAltOutlined';
import CameraswitchOutlined from '@mui/icons-material/CameraswitchOutlined';
import NoPhotographyOutlined from '@mui/icons-material/NoPhotographyOutlined';
import ReplayRounded from '@mui/icons-material/ReplayRounded';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from './EmptyState';

export interface CameraCaptureDialogProps {
  open: boolean;
  onClose: () => void;
  onCapture: (photo: Blob) => void;
  title?: string;
  /** `user` (selfie) or `environment` (documents). */
  facingMode?: 'user' | 'environment';
  /** JPEG quality 0..1. */
  quality?: number;
  /** Longest side of the result in pixels. */
  maxSize?: number;
}

type CameraError = 'none' | 'denied' | 'other' | null;

export function cameraErrorKind(err: unknown): Exclude<CameraError, null> {
  const name = (err as { name?: string } | null)?.name ?? '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'denied';
  if (name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'NotReadableError' || name === 'DevicesNotFoundError') {
    return 'none';
  }
  return 'other';
}

/** The live camera stream while `active`: attaches it to the video element, stops it on cleanup. */
function useCameraStream(active: boolean, facing: 'user' | 'environment') {
  const video = useRef<HTMLVideoElement>(null);
  const stream = useRef<MediaStream | null>(null);
  const [error, setError] = useState<CameraError>(null);

  const stop = useCallback(() => {
    for (const tr of stream.current?.getTracks() ?? []) tr.stop();
    stream.current = null;
  }, []);

  useEffect(() => {
    if (!active) return;
    let live = true;
    setError(null);
    (async () => {
      if (!navigator.mediaDevices?.getUserMedia) {
        setError('none');
        return;
      }
      try {
        const s = await navigator.mediaDevices.getUserMedia({ video: { facingMode: facing, width: { ideal: 1920 } }, audio: false });
        if (!live) {
          for (const tr of s.getTracks()) tr.stop();
          return;
        }
        stream.current = s;
        if (video.current) {
          video.current.srcObject = s;
          await video.current.play().catch(() => undefined);
        }
      } catch (err) {
        if (live) setError(cameraErrorKind(err));
      }
    })();
    return () => {
      live = false;
      stop();
    };
  }, [active, facing, stop]);

  return { video, error, stop };
}

export function CameraCaptureDialog({
  open,
  onClose,
  onCapture,
  title,
  facingMode = 'environment',
  quality = 0.85,
  maxSize = 1600,
}: CameraCaptureDialogProps) {
  const { t } = useTranslation();
  const [facing, setFacing] = useState(facingMode);
  const [shot, setShot] = useState<{ blob: Blob; url: string } | null>(null);
  const { video, error, stop } = useCameraStream(open && !shot, facing);

  useEffect(() => () => (shot ? URL.revokeObjectURL(shot.url) : undefined), [shot]);

  const close = () => {
    stop();
    setShot(null);
    onClose();
  };

  const take = () => {
    const v = video.current;
    if (!v?.videoWidth) return;
    const scale = Math.min(1, maxSize / Math.max(v.videoWidth, v.videoHeight));
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(v.videoWidth * scale);
    canvas.height = Math.round(v.videoHeight * scale);
    canvas.getContext('2d')!.drawImage(v, 0, 0, canvas.width, canvas.height);
    canvas.toBlob(
      (blob) => {
        if (blob) {
          stop();
          setShot({ blob, url: URL.createObjectURL(blob) });
        }
      },
      'image/jpeg',
      quality,
    );
  };

  const pickFile = (file: File | undefined) => {
    if (!file) return;
    onCapture(file);
    close();
  };

  return (
    <Dialog open={open} onClose={close} maxWidth="sm" fullWidth data-testid="camera-dialog">
      <DialogTitle>{title ?? t('camera.title')}</DialogTitle>
      <DialogContent>
        {error ? (
          <EmptyState
            icon={<NoPhotographyOutlined sx={{ fontSize: 30 }} />}
            title={error === 'denied' ? t('camera.denied') : t('camera.noCamera')}
            description={error === 'none' && !window.isSecureContext ? t('camera.needsHttps') : t('camera.useFile')}
          />
        ) : (
          <Box sx={{ position: 'relative', borderRadius: 2, overflow: 'hidden', bgcolor: '#000', aspectRatio: '4 / 3' }}>
            {shot ? (
              <Box component="img" src={shot.url} alt={t('camera.preview')} sx={{ width: '100%', height: '100%', objectFit: 'contain' }} />
            ) : (
              <Box
                component="video"
                ref={video}
                playsInline
                muted
                sx={{ width: '100%', height: '100%', objectFit: 'cover', transform: facing === 'user' ? 'scaleX(-1)' : 'none' }}
              />
            )}
            {!shot && (
              <Tooltip title={t('camera.switch')}>
                <IconButton
                  onClick={() => setFacing((f) => (f === 'user' ? 'environment' : 'user'))}
                  sx={{ position: 'absolute', top: 8, insetInlineEnd: 8, color: '#fff', bgcolor: 'rgba(0,0,0,.35)' }}
                  aria-label={t('camera.switch')}
                >
                  <CameraswitchOutlined />
                </IconButton>
              </Tooltip>
            )}
          </Box>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5, gap: 1, flexWrap: 'wrap' }}>
        <Button component="label" startIcon={<UploadFileOutlined />} color="inherit" sx={{ mr: 'auto' }}>
          {t('camera.chooseFile')}
          <input hidden type="file" accept="image/*" capture={facing} onChange={(e) => pickFile(e.target.files?.[0])} />
        </Button>
        <Button onClick={close} color="inherit">
          {t('common.cancel')}
        </Button>
        {shot ? (
          <>
            <Button startIcon={<ReplayRounded />} onClick={() => setShot(null)}>
              {t('camera.retake')}
            </Button>
            <Button
              variant="contained"
              onClick={() => {
                onCapture(shot.blob);
                close();
              }}
            >
              {t('camera.use')}
            </Button>
          </>
        ) : (
          <Button variant="contained" startIcon={<CameraAltOutlined />} onClick={take} disabled={Boolean(error)} data-testid="camera-take">
            {t('camera.take')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
