/** The tag of an account (a short label staff use to group accounts); empty clears it. */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/notify';
import { useSetFlag } from '../api/flags';
import type { SavingAccount } from '../api/types';

export function TagDialog({ account, onClose }: { account: SavingAccount; onClose: () => void }) {
  const { t } = useTranslation('savings');
  const setFlag = useSetFlag();
  const [tag, setTag] = useState(account.tag ?? '');
  const [error, setError] = useState<string | null>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    try {
      await setFlag.mutateAsync({ flag: 'tag', savingId: account.id, tag: tag.trim() || null });
      onClose();
    } catch (err) {
      setError(errorMessage(err));
    }
  };
  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth data-testid="tag-dialog">
      <form onSubmit={submit} noValidate>
        <DialogTitle>{t('flags.tagTitle', { number: account.accountNumber })}</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            fullWidth
            sx={{ mt: 1 }}
            label={t('flags.tag')}
            value={tag}
            onChange={(e) => setTag(e.target.value)}
            helperText={t('flags.tagHint')}
            slotProps={{ htmlInput: { maxLength: 100, 'data-testid': 'tag-input' } }}
          />
          {error && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {error}
            </Alert>
          )}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5 }}>
          <Button onClick={onClose} color="inherit">
            {t('common:common.cancel')}
          </Button>
          <Button type="submit" variant="contained" loading={setFlag.isPending} data-testid="tag-submit">
            {t('common:common.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
