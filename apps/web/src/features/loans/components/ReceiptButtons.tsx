/** "Cetak bukti" of a loan payment: its print view in a new tab, on A5 paper or an 80 mm roll; the view prints itself. */
import PrintOutlined from '@mui/icons-material/PrintOutlined';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import Button from '@mui/material/Button';
import ButtonGroup from '@mui/material/ButtonGroup';
import { useTranslation } from 'react-i18next';

export const loanReceiptPath = (loanId: string, paymentId: string, paper: 'A5' | '80MM') =>
  `/transactions/loans/${loanId}/receipt/${paymentId}?paper=${paper}`;

export function ReceiptButtons({ loanId, paymentId, size = 'medium' }: { loanId: string; paymentId: string; size?: 'small' | 'medium' }) {
  const { t } = useTranslation('loans');
  return (
    <ButtonGroup variant="outlined" size={size} aria-label={t('receipt.print')}>
      <Button
        href={loanReceiptPath(loanId, paymentId, 'A5')}
        target="_blank"
        rel="noopener"
        startIcon={<PrintOutlined />}
        data-testid="print-receipt-a5"
      >
        {t('receipt.printA5')}
      </Button>
      <Button
        href={loanReceiptPath(loanId, paymentId, '80MM')}
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
