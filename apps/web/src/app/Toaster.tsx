/** Where the toasts appear (top corner on the reading side), drawn as MUI alerts. */
import GlobalStyles from '@mui/material/GlobalStyles';
import { SnackbarProvider } from 'notistack';
import { useEffect } from 'react';
import { toasterMounted } from '../lib/notify';
import { Toast } from './Toast';
import { useDirection } from './theme/AppThemeProvider';

export default function Toaster() {
  const dir = useDirection();
  // The provider (a child) is mounted when this runs: toasts asked for so far may go.
  useEffect(() => toasterMounted(), []);
  return (
    <>
      {/* Below the fixed header, not over the user menu. */}
      <GlobalStyles styles={{ '.notistack-SnackbarContainer': { top: '72px !important' } }} />
      <SnackbarProvider
        maxSnack={3}
        autoHideDuration={4500}
        anchorOrigin={{ vertical: 'top', horizontal: dir === 'rtl' ? 'left' : 'right' }}
        Components={{ success: Toast, error: Toast, warning: Toast, info: Toast, default: Toast }}
      />
    </>
  );
}
