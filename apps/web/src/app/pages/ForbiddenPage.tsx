import LockOutlined from '@mui/icons-material/LockOutlined';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { StatusView } from '../../components/StatusView';

/** Shown in place of a screen the role may not view (403). */
export default function ForbiddenPage() {
  const { t } = useTranslation();
  return (
    <StatusView
      testId="page-403"
      icon={<LockOutlined />}
      title={t('errors.403.title')}
      description={t('errors.403.description')}
      actions={
        <Button variant="contained" component={Link} to="/">
          {t('errors.backHome')}
        </Button>
      }
    />
  );
}
