/** Tab "Foto": the member's photo, KTP and KK; each replaced by the camera or a file (re-encoded and stripped of metadata by the server). */
import type { MemberDetail, MemberPhotoKind } from '@koperasi/contracts/members';
import Alert from '@mui/material/Alert';
import Grid from '@mui/material/Grid';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../../lib/auth/AuthProvider';
import { usePhotoUrl, useUploadPhoto } from '../api/photos';
import { PhotoSlot } from './PhotoSlot';

const KEY: Record<MemberPhotoKind, keyof MemberDetail['photos']> = {
  self: 'self',
  'identity-card': 'identityCard',
  'family-card': 'familyCard',
};

function RemotePhoto({ member, kind, readOnly }: { member: MemberDetail; kind: MemberPhotoKind; readOnly: boolean }) {
  const url = member.photos[KEY[kind]];
  const photo = usePhotoUrl(url);
  const upload = useUploadPhoto();
  const busy = upload.isPending && upload.variables?.kind === kind;
  return (
    <PhotoSlot
      kind={kind}
      src={photo.src}
      loading={photo.isLoading}
      busy={busy}
      readOnly={readOnly}
      onPhoto={(file) => upload.mutate({ memberId: member.id, kind, file })}
    />
  );
}

export function PhotosTab({ member }: { member: MemberDetail }) {
  const { t } = useTranslation('members');
  const { can } = useAuth();
  const allowed = can('member', 'update') || can('member', 'add');
  const readOnly = !allowed || !member.isActive;
  return (
    <Grid container spacing={3} data-testid="member-photos">
      {!member.isActive && (
        <Grid size={12}>
          <Alert severity="info" variant="outlined">
            {t('photos.closed')}
          </Alert>
        </Grid>
      )}
      {(['self', 'identity-card', 'family-card'] as const).map((kind) => (
        <Grid key={kind} size={{ xs: 12, sm: 6, md: 4 }}>
          <RemotePhoto member={member} kind={kind} readOnly={readOnly} />
        </Grid>
      ))}
    </Grid>
  );
}
