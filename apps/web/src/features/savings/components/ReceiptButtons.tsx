/**
 * "Cetak bukti": opens the receipt's print view (its own page and print CSS)
 * in a new tab on A5 paper or an 80 mm thermal roll; the view prints itself.
 */
import PrintOutlined from '@mui/icons-material/PrintOutlined';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import Button from '@mui/material/Button';
import ButtonGroup from '@mui/material/ButtonGroup';
import { useTranslation } from 'react-i18next';

export const receiptPath = (transactionId: string, paper: 'A5' | '80MM') => `/transactions/receipt/${transactionId}?paper=${paper}`;

export function ReceiptButtons({ transactionId, size = 'medium' }: { transactionId: string; size?: 'small' | 'medium' }) {
  const { t } = useTranslation('savings');
  return (
    <ButtonGroup variant="outlined" size={size} aria-label={t('receipt.print')}>
      <Button
        href={receiptPath(transactionId, 'A5')}
        target="_blank"
        rel="noopener"
        startIcon={<PrintOutlined />}
        data-testid="print-receipt-a5"
      >
        {t('receipt.printA5')}
      </Button>
      <Button
        href={receiptPath(transactionId, '80MM')}
        target="_blank"
        rel="noopener"
        startIcon={<ReceiptLongOutlined />}
        data-testid="print-receipt-80mm"
      >
        {t('receipt.print80')}
      </Button>
    </ButtonGroup>
  );
}
