/** notistack toasts drawn as MUI alerts, so they match the theme in every mode. */
import Alert, { type AlertColor } from '@mui/material/Alert';
import { type CustomContentProps, SnackbarContent, useSnackbar } from 'notistack';
import { forwardRef } from 'react';

export const Toast = forwardRef<HTMLDivElement, CustomContentProps>(function Toast({ id, message, variant }, ref) {
  const { closeSnackbar } = useSnackbar();
  const severity: AlertColor = variant === 'default' ? 'info' : variant;
  return (
    <SnackbarContent ref={ref} role={severity === 'error' ? 'alert' : 'status'}>
      <Alert
        severity={severity}
        variant="filled"
        onClose={() => closeSnackbar(id)}
        data-testid={`toast-${severity}`}
        sx={{ width: '100%', maxWidth: 440, boxShadow: 6, alignItems: 'center', '& .MuiAlert-message': { py: 0.75 } }}
      >
        {message}
      </Alert>
    </SnackbarContent>
  );
});
