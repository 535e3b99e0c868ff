import BuildCircleOutlined from '@mui/icons-material/BuildCircleOutlined';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { StatusView } from '../../components/StatusView';

export default function MaintenancePage() {
  const { t } = useTranslation();
  return (
    <StatusView
      fullPage
      testId="page-maintenance"
      icon={<BuildCircleOutlined />}
      title={t('errors.maintenance.title')}
      description={t('errors.maintenance.description')}
      actions={
        <Button variant="contained" onClick={() => window.location.assign('/')}>
          {t('errors.tryAgain')}
        </Button>
      }
    />
  );
}
