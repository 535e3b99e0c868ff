/**
 * Agunan of a loan: the list with its photos and the verification chip; while
 * the application waits or is approved (member_transaction:update) the
 * officer adds a collateral (type, number, value, detail, photos), adds
 * photos to one, removes one (after a confirmation) and marks them verified.
 * Photos are uploaded one by one (POST {id}/collateral-photo; on a phone the
 * file picker offers the camera) and saved with the list (update-collateral).
 */
import AddAPhotoOutlined from '@mui/icons-material/AddAPhotoOutlined';
import CloseRounded from '@mui/icons-material/CloseRounded';
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import VerifiedRounded from '@mui/icons-material/VerifiedRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { EmptyState } from '../../../components/EmptyState';
import { MoneyField } from '../../../components/money/MoneyField';
import { MoneyText } from '../../../components/money/MoneyText';
import { useAuth } from '../../../lib/auth/AuthProvider';
import { errorMessage } from '../../../lib/notify';
import type { LoanDetailView } from '../api/types';
import { type CollateralEdit, uploadCollateralPhoto, useUpdateCollateral } from '../api/verification';

const MAX_PHOTOS = 10;

/** A button that uploads the chosen images one by one and hands back their urls. */
function PhotoPicker({
  loanId,
  onUploaded,
  disabled,
  testId,
}: {
  loanId: string;
  onUploaded: (urls: string[]) => void;
  disabled?: boolean;
  testId: string;
}) {
  const { t } = useTranslation('loans');
  const input = useRef<HTMLInputElement | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const pick = async (files: FileList | null) => {
    if (!files?.length) return;
    setBusy(true);
    setError(null);
    const urls: string[] = [];
    try {
      for (const f of Array.from(files)) urls.push((await uploadCollateralPhoto(loanId, f)).data.url);
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
      if (urls.length) onUploaded(urls);
    }
  };
  return (
    <Box sx={{ display: 'grid', gap: 1, justifyItems: 'start' }}>
      <input
        ref={input}
        type="file"
        accept="image/jpeg,image/png,image/webp"
        capture="environment"
        multiple
        hidden
        onChange={(e) => void pick(e.target.files)}
        data-testid={`${testId}-input`}
      />
      <Button
        size="small"
        startIcon={<AddAPhotoOutlined />}
        onClick={() => input.current?.click()}
        loading={busy}
        disabled={disabled}
        data-testid={testId}
      >
        {t('collateral.addPhoto')}
      </Button>
      {error && (
        <Alert severity="error" sx={{ py: 0 }}>
          {error}
        </Alert>
      )}
    </Box>
  );
}

function Thumbs({ photos, alt, onRemove }: { photos: string[]; alt: string; onRemove?: (url: string) => void }) {
  const { t } = useTranslation('loans');
  if (!photos.length) return null;
  return (
    <Box sx={{ display: 'flex', gap: 1, mt: 1.5, flexWrap: 'wrap' }} data-testid="collateral-photos">
      {photos.map((u) => (
        <Box key={u} sx={{ position: 'relative' }}>
          <Box component="a" href={u} target="_blank" rel="noopener" sx={{ display: 'block' }}>
            <Box
              component="img"
              src={u}
              alt={alt}
              sx={{ width: 88, height: 66, objectFit: 'cover', borderRadius: 1, border: 1, borderColor: 'divider' }}
            />
          </Box>
          {onRemove && (
            <IconButton
              size="small"
              aria-label={t('collateral.removePhoto')}
              onClick={() => onRemove(u)}
              sx={{
                position: 'absolute',
                top: -10,
                insetInlineEnd: -10,
                bgcolor: 'background.paper',
                boxShadow: 1,
                '&:hover': { bgcolor: 'background.paper' },
              }}
            >
              <CloseRounded sx={{ fontSize: 16 }} />
            </IconButton>
          )}
        </Box>
      ))}
    </Box>
  );
}

/** One collateral: type and number, value, detail, photos (removable and addable while editable). */
function CollateralItem({
  c,
  loanId,
  editable,
  onRemove,
  onPhotos,
}: {
  c: LoanDetailView['collaterals'][number];
  loanId: string;
  editable: boolean;
  onRemove: () => void;
  onPhotos: (photos: string[]) => void;
}) {
  const { t } = useTranslation('loans');
  return (
    <Box sx={{ p: 2, border: 1, borderColor: 'divider', borderRadius: 2 }} data-testid="collateral-item">
      <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, mb: 1, alignItems: 'center' }}>
        <Typography sx={{ fontWeight: 600, flex: 1, minWidth: 0 }} noWrap title={`${c.type ? `${c.type} · ` : ''}${c.number}`}>
          {c.type ? `${c.type} · ` : ''}
          {c.number}
        </Typography>
        <Typography sx={{ fontWeight: 600 }}>
          <MoneyText value={c.value} />
        </Typography>
        {editable && (
          <Tooltip title={t('collateral.remove')}>
            <IconButton size="small" color="error" onClick={onRemove} data-testid="collateral-remove">
              <DeleteOutlineRounded fontSize="small" />
            </IconButton>
          </Tooltip>
        )}
      </Box>
      {c.detail && <Typography sx={{ fontSize: '0.8125rem', color: 'text.secondary' }}>{c.detail}</Typography>}
      <Thumbs photos={c.photos} alt={c.number} onRemove={editable ? (u) => onPhotos(c.photos.filter((x) => x !== u)) : undefined} />
      {editable && c.photos.length < MAX_PHOTOS && (
        <Box sx={{ mt: 1.5 }}>
          <PhotoPicker
            loanId={loanId}
            testId="collateral-photo"
            onUploaded={(urls) => onPhotos([...c.photos, ...urls].slice(0, MAX_PHOTOS))}
          />
        </Box>
      )}
    </Box>
  );
}

export function CollateralTab({ loan }: { loan: LoanDetailView }) {
  const { t } = useTranslation('loans');
  const { can } = useAuth();
  const update = useUpdateCollateral();
  const editable = can('member_transaction', 'update') && (loan.status === 'WAITING_APPROVAL' || loan.status === 'APPROVED');
  const [adding, setAdding] = useState<(CollateralEdit & { photos: string[] }) | null>(null);
  const [removing, setRemoving] = useState<string | null>(null);
  const current: CollateralEdit[] = loan.collaterals.map((c) => ({
    id: c.id,
    type: c.type,
    number: c.number,
    detail: c.detail,
    value: c.value,
    photos: c.photos,
  }));
  // Changing the list unmarks the verification (the server keeps it only when asked).
  const save = (list: CollateralEdit[], isVerified?: boolean) =>
    update.mutateAsync({ loanId: loan.id, collaterals: list, ...(isVerified !== undefined ? { isVerified } : {}) });
  const withPhotos = (id: string | undefined, photos: string[]) => current.map((c) => (c.id === id ? { ...c, photos } : c));

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <Chip
          size="small"
          icon={loan.collateralVerified ? <VerifiedRounded /> : undefined}
          color={loan.collateralVerified ? 'success' : 'default'}
          label={loan.collateralVerified ? t('collateral.verified') : t('collateral.notVerified')}
          data-testid="collateral-verified"
        />
        <Box sx={{ flex: 1 }} />
        {editable && (
          <>
            <Button
              size="small"
              onClick={() => setAdding({ number: '', type: '', detail: '', value: null, photos: [] })}
              disabled={Boolean(adding)}
              data-testid="collateral-add"
            >
              {t('form.addCollateral')}
            </Button>
            {!loan.collateralVerified && loan.collaterals.length > 0 && (
              <Button
                size="small"
                variant="contained"
                startIcon={<VerifiedRounded />}
                onClick={() => void save(current, true)}
                loading={update.isPending}
                data-testid="collateral-verify"
              >
                {t('collateral.verify')}
              </Button>
            )}
          </>
        )}
      </Box>
      {loan.collaterals.length === 0 && !adding && (
        <EmptyState compact title={t('collateral.empty')} description={editable ? t('collateral.emptyText') : undefined} />
      )}
      {loan.collaterals.map((c) => (
        <CollateralItem
          key={c.id}
          c={c}
          loanId={loan.id}
          editable={editable}
          onRemove={() => setRemoving(c.id)}
          onPhotos={(photos) => void save(withPhotos(c.id, photos))}
        />
      ))}
      {adding && (
        <Box sx={{ p: 2, border: 1, borderColor: 'primary.main', borderRadius: 2, display: 'grid', gap: 2 }} data-testid="collateral-new">
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}>
            <TextField
              label={t('collateral.type')}
              value={adding.type ?? ''}
              onChange={(e) => setAdding({ ...adding, type: e.target.value })}
            />
            <TextField
              label={t('collateral.number')}
              required
              value={adding.number}
              onChange={(e) => setAdding({ ...adding, number: e.target.value })}
            />
            <MoneyField label={t('collateral.value')} value={adding.value ?? null} onChange={(v) => setAdding({ ...adding, value: v })} />
            <TextField
              label={t('collateral.detail')}
              value={adding.detail ?? ''}
              onChange={(e) => setAdding({ ...adding, detail: e.target.value })}
            />
          </Box>
          <Thumbs
            photos={adding.photos}
            alt={adding.number}
            onRemove={(u) => setAdding({ ...adding, photos: adding.photos.filter((x) => x !== u) })}
          />
          {adding.photos.length < MAX_PHOTOS && (
            <PhotoPicker
              loanId={loan.id}
              testId="collateral-new-photo"
              onUploaded={(urls) => setAdding((a) => a && { ...a, photos: [...a.photos, ...urls].slice(0, MAX_PHOTOS) })}
            />
          )}
          <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end' }}>
            <Button color="inherit" onClick={() => setAdding(null)}>
              {t('common:common.cancel')}
            </Button>
            <Button
              variant="contained"
              disabled={!adding.number.trim()}
              loading={update.isPending}
              onClick={async () => {
                await save([...current, { ...adding, number: adding.number.trim(), value: adding.value ?? 0 }]);
                setAdding(null);
              }}
              data-testid="collateral-save"
            >
              {t('common:common.save')}
            </Button>
          </Box>
        </Box>
      )}
      <ConfirmDialog
        open={Boolean(removing)}
        onClose={() => setRemoving(null)}
        destructive
        title={t('collateral.remove')}
        message={t('collateral.removeText')}
        confirmLabel={t('collateral.remove')}
        onConfirm={async () => {
          await save(current.filter((c) => c.id !== removing));
        }}
      />
    </Box>
  );
}
