/** One member's lines of a consolidation, each correctable (gross, admin fee, reason) while the batch is PROCESSED. */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MoneyText } from '../../../components/money/MoneyText';
import { errorMessage } from '../../../lib/notify';
import { type Line, type MemberRow, useUpdateLine } from '../api/consolidation';

const AMOUNT = /^\d+(\.\d{1,2})?$/;

function EditLine({ line, onDone }: { line: Line; onDone: () => void }) {
  const { t } = useTranslation('interest-consolidation');
  const update = useUpdateLine();
  const [gross, setGross] = useState(String(line.gross));
  const [fee, setFee] = useState(String(line.adminFee));
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const valid = AMOUNT.test(gross) && AMOUNT.test(fee) && reason.trim().length > 0;
  const save = async () => {
    setError(null);
    try {
      await update.mutateAsync({ id: line.id, gross: Number(gross), adminFee: Number(fee), reason: reason.trim() });
      onDone();
    } catch (e) {
      setError(errorMessage(e));
    }
  };
  return (
    <Stack spacing={2} sx={{ mt: 2 }} data-testid="edit-line">
      <Typography variant="subtitle2">{t('edit.title', { account: line.accountNumber })}</Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          label={t('gross')}
          value={gross}
          onChange={(e) => setGross(e.target.value)}
          error={!AMOUNT.test(gross)}
          slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': 'edit-gross' } }}
          size="small"
        />
        <TextField
          label={t('adminFee')}
          value={fee}
          onChange={(e) => setFee(e.target.value)}
          error={!AMOUNT.test(fee)}
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          size="small"
        />
      </Stack>
      <TextField
        label={t('edit.reason')}
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        required
        error={!reason.trim()}
        helperText={!reason.trim() ? t('edit.reasonRequired') : undefined}
        slotProps={{ htmlInput: { maxLength: 500, 'data-testid': 'edit-reason' } }}
        size="small"
      />
      {error && <Alert severity="error">{error}</Alert>}
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
        <Button onClick={onDone}>{t('edit.back')}</Button>
        <Button variant="contained" disabled={!valid || update.isPending} onClick={save} data-testid="edit-save">
          {t('edit.save')}
        </Button>
      </Stack>
    </Stack>
  );
}

export function MemberLinesDialog({ member, editable, onClose }: { member: MemberRow; editable: boolean; onClose: () => void }) {
  const { t } = useTranslation('interest-consolidation');
  const [editing, setEditing] = useState<Line | null>(null);
  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth>
      <DialogTitle>
        {member.memberName} · {member.cifNumber}
      </DialogTitle>
      <DialogContent sx={{ overflowX: 'auto' }}>
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{t('account')}</TableCell>
              <TableCell>{t('product')}</TableCell>
              <TableCell align="right">{t('computed')}</TableCell>
              <TableCell align="right">{t('gross')}</TableCell>
              <TableCell align="right">{t('tax')}</TableCell>
              <TableCell align="right">{t('adminFee')}</TableCell>
              <TableCell align="right">{t('net')}</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {member.lines.map((l) => (
              <TableRow key={l.id}>
                <TableCell>{l.accountNumber}</TableCell>
                <TableCell>
                  {l.productName}
                  {l.adjusted && (
                    <Chip size="small" color="warning" variant="outlined" label={t('adjusted')} sx={{ ms: 1 }} title={l.reason ?? ''} />
                  )}
                </TableCell>
                <TableCell align="right">
                  <MoneyText value={l.computedGross} />
                </TableCell>
                <TableCell align="right">
                  <MoneyText value={l.gross} />
                </TableCell>
                <TableCell align="right">
                  <MoneyText value={l.tax} />
                </TableCell>
                <TableCell align="right">
                  <MoneyText value={l.adminFee} />
                </TableCell>
                <TableCell align="right">
                  <MoneyText value={l.net} />
                </TableCell>
                <TableCell>
                  {editable && (
                    <Button size="small" onClick={() => setEditing(l)} data-testid={`edit-${l.accountNumber}`}>
                      {t('edit.open')}
                    </Button>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        {editing && (
          <EditLine
            key={editing.id}
            line={editing}
            onDone={() => {
              setEditing(null);
              onClose();
            }}
          />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
