/**
 * A printed receipt (bukti transaksi) from GET /api/transaction/{id}/receipt,
 * on A5 paper or an 80 mm thermal roll: the cooperative, the title of the
 * operation, code, date and time (WIB, as the print time), member and CIF, account and product,
 * every leg (both accounts of a transfer), the amount in figures and in
 * words, the balance after, cash account, teller, journal number, a
 * cancellation stamp with its reason, signatures (A5) and the footer.
 */
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../lib/format';
import type { Receipt } from '../api/types';

function Row({ label, value, testId, bold }: { label: string; value: ReactNode; testId?: string; bold?: boolean }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1.5, alignItems: 'baseline' }}>
      <Box component="span" sx={{ color: '#333', flexShrink: 0 }}>
        {label}
      </Box>
      <Box component="span" sx={{ textAlign: 'end', fontWeight: bold ? 700 : 500, overflowWrap: 'anywhere' }} data-testid={testId}>
        {value}
      </Box>
    </Box>
  );
}

export function ReceiptDocument({ receipt: r, logoUrl }: { receipt: Receipt; logoUrl?: string | null }) {
  const { t } = useTranslation('savings');
  const f = useFormat();
  const thermal = r.paper === '80MM';
  const cancelled = r.status === 'CANCELLED';
  const rule = thermal ? '1px dashed #000' : '1px solid #000';
  /** Several legs (a transfer, a closing): each with its account and balance. */
  const multi = r.lines.length > 1;
  /** The member receives the money (withdrawal, closing payout): they sign as the receiver. */
  const withdrawal = !multi && r.lines.every((l) => l.kind.startsWith('WITHDRAW'));
  const date = r.dateText ?? f.date(r.date);
  return (
    <Box
      data-testid="receipt"
      data-paper={r.paper}
      sx={{
        position: 'relative',
        bgcolor: '#fff',
        color: '#000',
        fontFamily: thermal ? '"Courier New", ui-monospace, monospace' : '"Poppins", "Helvetica", "Arial", sans-serif',
        fontSize: thermal ? '11px' : '12px',
        lineHeight: 1.45,
        width: thermal ? '72mm' : '132mm',
        minHeight: thermal ? undefined : '180mm',
        mx: 'auto',
        display: 'flex',
        flexDirection: 'column',
        gap: thermal ? 0.75 : 1.25,
      }}
    >
      {cancelled && (
        <Box
          aria-hidden
          sx={{
            position: 'absolute',
            top: '40%',
            left: '50%',
            transform: 'translate(-50%, -50%) rotate(-18deg)',
            border: '3px solid #c62828',
            color: '#c62828',
            px: 2,
            fontSize: thermal ? '22px' : '40px',
            fontWeight: 800,
            letterSpacing: 3,
            opacity: 0.35,
            pointerEvents: 'none',
          }}
        >
          {t('receipt.cancelledStamp')}
        </Box>
      )}
      <Box component="header" sx={{ textAlign: 'center', borderBottom: rule, pb: 1 }}>
        {logoUrl && !thermal && (
          <Box component="img" src={logoUrl} alt="" sx={{ height: 40, maxWidth: '60%', objectFit: 'contain', mb: 0.5 }} />
        )}
        <Typography
          component="div"
          sx={{ fontFamily: 'inherit', fontWeight: 700, fontSize: thermal ? '13px' : '16px', textTransform: 'uppercase' }}
          data-testid="receipt-cooperative"
        >
          {r.cooperative.name}
        </Typography>
        {r.cooperative.address && <Box>{r.cooperative.address}</Box>}
        {(r.cooperative.phone || r.cooperative.email) && (
          <Box>{[r.cooperative.phone, r.cooperative.email].filter(Boolean).join(' · ')}</Box>
        )}
        {r.cooperative.legalEntityNumber && (
          <Box data-testid="receipt-legal-entity">
            {t('receipt.cooperativeNumber')} {r.cooperative.legalEntityNumber}
          </Box>
        )}
      </Box>
      <Box sx={{ textAlign: 'center' }}>
        <Typography
          component="div"
          sx={{ fontFamily: 'inherit', fontWeight: 700, fontSize: thermal ? '12px' : '14px', letterSpacing: 0.5 }}
          data-testid="receipt-title"
        >
          {r.title}
        </Typography>
      </Box>
      <Box>
        <Row label={t('receipt.code')} value={r.code} testId="receipt-code" />
        <Row label={t('receipt.date')} value={`${date} ${r.time}`} testId="receipt-date" />
        <Row label={t('receipt.member')} value={`${r.member.name} (${r.member.cifNumber})`} testId="receipt-member" />
        {!multi && (
          <Row label={t('receipt.account')} value={`${r.account.number ?? '-'} · ${r.account.productName}`} testId="receipt-account" />
        )}
      </Box>
      <Box sx={{ borderTop: rule, borderBottom: multi ? rule : undefined, py: 1 }} data-testid="receipt-lines">
        {multi ? (
          r.lines.map((l, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the legs of one operation, in order
            <Box key={i} sx={{ mb: i < r.lines.length - 1 ? 0.75 : 0 }} data-testid="receipt-line">
              <Box sx={{ fontWeight: 600 }}>{l.label}</Box>
              <Row label={l.accountNumber ?? '-'} value={f.money(l.amount)} />
              <Row label={t('receipt.balanceAfter')} value={f.money(l.balanceAfter)} />
            </Box>
          ))
        ) : (
          <Box sx={{ fontWeight: 600 }} data-testid="receipt-line">
            {r.lines[0]?.label}
          </Box>
        )}
      </Box>
      <Box>
        <Row label={t('receipt.amount')} value={f.money(r.amount)} testId="receipt-amount" bold />
        <Box sx={{ fontStyle: 'italic', mt: 0.5 }} data-testid="receipt-words">
          {t('receipt.words')}: {r.amountInWords}
        </Box>
        {!multi && <Row label={t('receipt.balanceAfter')} value={f.money(r.balanceAfter)} testId="receipt-balance" bold />}
      </Box>
      <Box sx={{ borderTop: rule, pt: 1 }}>
        {r.cashAccount && <Row label={t('receipt.cashAccount')} value={r.cashAccount} testId="receipt-cash" />}
        {r.description && <Row label={t('receipt.description')} value={r.description} />}
        <Row label={t('receipt.journal')} value={r.journalNumber ?? '-'} testId="receipt-journal" />
        <Row label={t('receipt.teller')} value={r.teller ?? '-'} testId="receipt-teller" />
        <Row label={t('receipt.channel')} value={t(`channel.${r.channel}`, { defaultValue: r.channel })} />
        {cancelled && (
          <Row
            label={t('receipt.status')}
            value={`${t('txStatus.CANCELLED')}${r.cancelReason ? ` — ${r.cancelReason}` : ''}`}
            testId="receipt-status"
          />
        )}
      </Box>
      {!thermal && (
        <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 4, mt: 3, textAlign: 'center' }} data-testid="receipt-signatures">
          <Box>
            <Box>{t('receipt.signTeller')}</Box>
            <Box sx={{ height: 56 }} />
            <Box sx={{ borderTop: '1px solid #000', pt: 0.5 }}>{r.teller ?? ''}</Box>
          </Box>
          <Box>
            <Box>{withdrawal ? t('receipt.signReceiver') : t('receipt.signMember')}</Box>
            <Box sx={{ height: 56 }} />
            <Box sx={{ borderTop: '1px solid #000', pt: 0.5 }}>{r.member.name}</Box>
          </Box>
        </Box>
      )}
      <Box component="footer" sx={{ textAlign: 'center', mt: thermal ? 1 : 'auto', pt: 1, borderTop: thermal ? rule : undefined }}>
        <Box data-testid="receipt-footer">{r.footer}</Box>
        <Box sx={{ color: '#444', fontSize: thermal ? '10px' : '10.5px' }}>
          {t('receipt.printedAt', { at: f.dateTimeWib(r.printedAt) })}
        </Box>
      </Box>
    </Box>
  );
}
