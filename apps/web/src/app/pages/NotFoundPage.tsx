import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { StatusView } from '../../components/StatusView';

export default function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <StatusView
      fullPage
      testId="page-404"
      code="404"
      title={t('errors.404.title')}
      description={t('errors.404.description')}
      actions={
        <Button variant="contained" component={Link} to="/">
          {t('errors.backHome')}
        </Button>
      }
    />
  );
}
