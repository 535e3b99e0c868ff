/** "Download Excel" (the server's file for the current filters) and "Print" (the print layout in a new tab). */
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import PrintOutlined from '@mui/icons-material/PrintOutlined';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type QueryParams, toQueryString } from '../../../lib/api/client';
import { notifyError } from '../../../lib/notify';
import { downloadExcel } from '../api/download';

export function ExcelButton({
  path,
  query,
  fileName,
  disabled,
}: {
  path: string;
  query: QueryParams;
  fileName: string;
  disabled?: boolean;
}) {
  const { t } = useTranslation('saving-reports');
  const [busy, setBusy] = useState(false);
  return (
    <Button
      variant="outlined"
      color="inherit"
      startIcon={<FileDownloadOutlined />}
      loading={busy}
      loadingPosition="start"
      disabled={disabled}
      data-testid="download-excel"
      onClick={async () => {
        setBusy(true);
        try {
          await downloadExcel(path, query, fileName);
        } catch (err) {
          notifyError(err);
        } finally {
          setBusy(false);
        }
      }}
    >
      {t('excel.download')}
    </Button>
  );
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
