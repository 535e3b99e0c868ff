import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { StatusView } from '../../components/StatusView';

/** The 500 page; `inShell` keeps the navigation around it. */
export default function ServerErrorPage({ inShell, detail }: { inShell?: boolean; detail?: string }) {
  const { t } = useTranslation();
  return (
    <StatusView
      fullPage={!inShell}
      testId="page-500"
      code="500"
      title={t('errors.500.title')}
      description={
        <>
          {t('errors.500.description')}
          {detail && <span style={{ display: 'block', marginTop: 12, fontSize: 12, opacity: 0.7, wordBreak: 'break-word' }}>{detail}</span>}
        </>
      }
      actions={
        <>
          <Button variant="contained" onClick={() => window.location.reload()}>
            {t('errors.reload')}
          </Button>
          <Button variant="outlined" href="/">
            {t('errors.backHome')}
          </Button>
        </>
      }
    />
  );
}
