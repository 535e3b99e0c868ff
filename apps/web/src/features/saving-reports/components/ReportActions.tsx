/** "Download Excel" (the server's file for the current filters) and "Print" (the print layout in a new tab). */
import PrintOutlined from '@mui/icons-material/PrintOutlined';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { ServerExcelButton } from '../../../components/ServerExcelButton';
import { type QueryParams, toQueryString } from '../../../lib/api/client';

export function ExcelButton(props: { path: string; query: QueryParams; fileName: string; disabled?: boolean }) {
  const { t } = useTranslation('saving-reports');
  return <ServerExcelButton {...props} label={t('excel.download')} failedKey="saving-reports:excel.failed" />;
}

export function PrintButton({ path, query, disabled }: { path: string; query: QueryParams; disabled?: boolean }) {
  const { t } = useTranslation('saving-reports');
  return (
    <Button
      variant="outlined"
      color="inherit"
      startIcon={<PrintOutlined />}
      disabled={disabled}
      data-testid="print-report"
      href={`${path}${toQueryString(query)}`}
      target="_blank"
      rel="noopener"
    >
      {t('print.button')}
    </Button>
  );
}
