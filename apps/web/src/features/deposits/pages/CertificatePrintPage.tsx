/** The certificate (bilyet deposito) of a deposit, on A5-like paper; prints itself once loaded (?preview=1 does not). */
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PrintPaper, usePrintTitle } from '../../../components/print/PrintLayout';
import { useFormat } from '../../../lib/format';
import { useCertificate } from '../api/deposits';

export default function CertificatePrintPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation('deposits');
  const f = useFormat();
  const q = useCertificate(id);
  const c = q.data;
  usePrintTitle(c ? `${t('certificate.title')} ${c.certificateNumber}` : null);
  // PrintPaper opens the print dialog once the certificate is loaded (calling usePrintWhenReady here too printed twice).
  const row = (label: string, value: React.ReactNode) => (
    <TableRow>
      <TableCell sx={{ width: '38%', border: 0, color: 'text.secondary' }}>{label}</TableCell>
      <TableCell sx={{ border: 0, fontWeight: 600 }}>{value}</TableCell>
    </TableRow>
  );
  return (
    <PrintPaper query={q} labels={{ print: t('certificate.print'), close: t('common.close') }} maxWidth={760} testId="certificate">
      {c && (
        <Box sx={{ border: '2px solid #1D8B4F', p: 3 }}>
          <Typography variant="h6" align="center">
            {c.cooperative.name}
          </Typography>
          <Typography variant="h5" align="center" sx={{ fontWeight: 700, letterSpacing: 2, mt: 1 }}>
            {t('certificate.heading')}
          </Typography>
          <Typography align="center" sx={{ mb: 2 }}>
            {t('certificate.number')}: {c.certificateNumber}
          </Typography>
          <Table size="small">
            <TableBody>
              {row(t('field.member'), `${c.member.name} (${c.member.cifNumber})`)}
              {row(t('field.account'), c.accountNumber)}
              {row(t('field.product'), c.productName)}
              {row(t('field.principal'), c.amountText)}
              {row(t('certificate.inWords'), <i>{c.amountInWords}</i>)}
              {row(t('field.rateTenor'), `${f.percent(c.rate)} ${t('place.perYear')} · ${t('months', { count: c.tenor })}`)}
              {row(t('field.start'), f.date(c.startDate))}
              {row(t('field.maturity'), f.date(c.maturityDate))}
              {row(t('field.rollover'), t(`rollover.${c.rollover}`))}
              {row(t('field.destination'), c.interestDestination === 'SAVING' ? c.interestSavingNumber : t('place.holding'))}
            </TableBody>
          </Table>
          <Typography variant="body2" sx={{ mt: 2 }}>
            {t('certificate.note')}
          </Typography>
          <Box sx={{ display: 'flex', justifyContent: 'space-between', mt: 6 }}>
            <Typography variant="body2">{t('certificate.member')}</Typography>
            <Typography variant="body2">{t('certificate.officer')}</Typography>
          </Box>
        </Box>
      )}
    </PrintPaper>
  );
}
