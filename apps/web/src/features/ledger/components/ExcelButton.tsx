/** "Download Excel" of a file the server makes (`format=xlsx`), with the current filters. */
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import Button, { type ButtonProps } from '@mui/material/Button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { QueryParams } from '../../../lib/api/client';
import { notifyError } from '../../../lib/notify';
import { downloadExcel } from '../api/download';

export function ExcelButton({
  path,
  query,
  fileName,
  disabled,
  size,
}: {
  path: string;
  query: QueryParams;
  fileName: string;
  disabled?: boolean;
  size?: ButtonProps['size'];
}) {
  const { t } = useTranslation('ledger');
  const [busy, setBusy] = useState(false);
  return (
    <Button
      variant="outlined"
      color="inherit"
      size={size}
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
