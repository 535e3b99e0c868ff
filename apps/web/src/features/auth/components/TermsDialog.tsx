/** The terms a cooperative accepts when it registers. */
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

export function TermsDialog({ open, onClose, onAgree }: { open: boolean; onClose: () => void; onAgree: () => void }) {
  const { t } = useTranslation('auth');
  const items = t('terms.items', { returnObjects: true }) as string[];
  return (
    <Dialog open={open} onClose={onClose} maxWidth="sm" fullWidth scroll="paper">
      <DialogTitle>{t('terms.title')}</DialogTitle>
      <DialogContent dividers>
        <Typography sx={{ mb: 2, color: 'text.secondary' }}>{t('terms.intro')}</Typography>
        <ol style={{ margin: 0, paddingInlineStart: 20 }}>
          {Array.isArray(items) &&
            items.map((item) => (
              <li key={item}>
                <Typography sx={{ mb: 1.25 }}>{item}</Typography>
              </li>
            ))}
        </ol>
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        <Button onClick={onClose} color="inherit">
          {t('common:common.close')}
        </Button>
        <Button variant="contained" onClick={onAgree}>
          {t('terms.agree')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
