/** "Download Excel" of a file the server makes (`format=xlsx`), with the current filters, in the ledger's words. */
import type { ButtonProps } from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { ServerExcelButton } from '../../../components/ServerExcelButton';
import type { QueryParams } from '../../../lib/api/client';

export function ExcelButton(props: { path: string; query: QueryParams; fileName: string; disabled?: boolean; size?: ButtonProps['size'] }) {
  const { t } = useTranslation('ledger');
  return <ServerExcelButton {...props} label={t('excel.download')} failedKey="ledger:excel.failed" />;
}
