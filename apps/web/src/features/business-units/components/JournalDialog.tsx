/** One unit transaction with its journal lines and, when cancelled, the reversal (detail-journal-transaction-business-unit). */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/EmptyState';
import { MoneyText } from '../../../components/money/MoneyText';
import { useFormat } from '../../../lib/format';
import { type Journal, useTransactionJournals } from '../api/businessUnits';
import { KindChip, StatusChip } from './Parts';

function Lines({ journal, title }: { journal: Journal; title: string }) {
  const { t } = useTranslation('business-units');
  const f = useFormat();
  return (
    <Box sx={{ mt: 2 }}>
      <Typography variant="subtitle2">
        {title} {journal.number} · {f.date(journal.date)}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {journal.description}
      </Typography>
      <Table size="small">
        <TableHead>
          <TableRow>
            <TableCell>{t('field.account')}</TableCell>
            <TableCell align="right">{t('field.debit')}</TableCell>
            <TableCell align="right">{t('field.credit')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {journal.lines.map((l) => (
            <TableRow key={l.lineNo}>
              <TableCell>
                {l.coaCode} · {l.coaName}
              </TableCell>
              <TableCell align="right">{l.debit ? <MoneyText value={l.debit} /> : ''}</TableCell>
              <TableCell align="right">{l.credit ? <MoneyText value={l.credit} /> : ''}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

export function JournalDialog({ id, onClose }: { id: string; onClose: () => void }) {
  const { t } = useTranslation('business-units');
  const f = useFormat();
  const q = useTransactionJournals(id);
  const d = q.data;
  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth>
      <DialogTitle>{t('journal.title')}</DialogTitle>
      <DialogContent>
        {q.isLoading ? (
          <Skeleton height={160} />
        ) : !d ? (
          <EmptyState kind="loadFailed" compact onRetry={() => q.refetch()} />
        ) : (
          <>
            <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
              <KindChip kind={d.transaction.kind} />
              <StatusChip status={d.transaction.status} />
              <Typography variant="body2">
                {d.transaction.businessUnitName} · {f.date(d.transaction.date)} · {f.money(d.transaction.amount)}
                {d.transaction.memberName ? ` · ${d.transaction.memberName}` : ''}
              </Typography>
            </Box>
            {d.transaction.cancelReason && (
              <Typography variant="body2" color="error" sx={{ mt: 1 }}>
                {t('journal.cancelReason', { reason: d.transaction.cancelReason })}
              </Typography>
            )}
            {d.journal && <Lines journal={d.journal} title={t('journal.journal')} />}
            {d.cancelJournal && <Lines journal={d.cancelJournal} title={t('journal.reversal')} />}
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('action.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
