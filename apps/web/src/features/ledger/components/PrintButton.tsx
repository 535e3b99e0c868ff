/** Opens the print layout of a report (no shell, cooperative name and period heading) in a new tab. */
import PrintOutlined from '@mui/icons-material/PrintOutlined';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { type QueryParams, toQueryString } from '../../../lib/api/client';

export function PrintButton({ path, query, disabled }: { path: string; query: QueryParams; disabled?: boolean }) {
  const { t } = useTranslation('ledger');
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
