import RocketLaunchOutlined from '@mui/icons-material/RocketLaunchOutlined';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { StatusView } from '../../components/StatusView';
import { findMenuEntry } from '../navigation';

/** A menu entry whose screen a later release brings (never a blank page). */
export default function ComingSoonPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const entry = findMenuEntry(pathname);
  const title = entry ? t(entry.labelKey) : t('errors.comingSoon.title');
  const crumbs = [...(entry?.groupLabelKey ? [{ label: t(entry.groupLabelKey) }] : []), { label: title }];
  return (
    <>
      <PageHeader title={title} breadcrumbs={crumbs} />
      <Card>
        <StatusView
          testId="page-coming-soon"
          icon={<RocketLaunchOutlined />}
          title={t('errors.comingSoon.title')}
          description={t('errors.comingSoon.description', { name: title })}
          actions={
            <Button variant="contained" component={Link} to="/">
              {t('errors.backHome')}
            </Button>
          }
        />
      </Card>
    </>
  );
}
