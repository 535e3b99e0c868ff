/**
 * Landing page of the e-mailed activation link (`/activate?token=...`):
 * success, already active, or an invalid / expired link (sign up again).
 */
import CheckCircleOutlineRounded from '@mui/icons-material/CheckCircleOutlineRounded';
import ErrorOutlineRounded from '@mui/icons-material/ErrorOutlineRounded';
import VerifiedOutlined from '@mui/icons-material/VerifiedOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { StatusView } from '../../../components/StatusView';
import { messageText } from '../../../lib/i18n/messages';
import { errorMessage } from '../../../lib/notify';
import { useActivateByLink } from '../api/activateByLink';

export default function ActivatePage() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const token = params.get('token');
  const activation = useActivateByLink(token);

  if (token && activation.isPending) {
    return (
      <StatusView
        fullPage
        testId="activate-pending"
        icon={<CircularProgress size={40} />}
        title={t('activate.pending')}
        description={t('activate.pendingHint')}
      />
    );
  }

  const signIn = (
    <Button variant="contained" component={RouterLink} to="/sign-in" data-testid="activate-sign-in">
      {t('activate.signIn')}
    </Button>
  );

  if (!token || activation.isError) {
    return (
      <StatusView
        fullPage
        testId="activate-failed"
        icon={<ErrorOutlineRounded sx={{ color: 'error.main' }} />}
        title={t('activate.failed')}
        description={token ? errorMessage(activation.error) : messageText('auth.link_invalid')}
        actions={
          <>
            <Button variant="contained" component={RouterLink} to="/register">
              {t('verify.signUpAgain')}
            </Button>
            <Button variant="outlined" component={RouterLink} to="/sign-in">
              {t('activate.signIn')}
            </Button>
          </>
        }
      />
    );
  }

  const already = activation.data?.data.status === 'ALREADY_ACTIVE';
  return (
    <Box>
      <StatusView
        fullPage
        testId={already ? 'activate-already' : 'activate-success'}
        icon={already ? <VerifiedOutlined /> : <CheckCircleOutlineRounded />}
        title={already ? t('activate.alreadyTitle') : t('activate.successTitle')}
        description={already ? messageText('auth.already_active') : messageText('auth.activation_success')}
        actions={signIn}
      />
    </Box>
  );
}
