import DarkModeOutlined from '@mui/icons-material/DarkModeOutlined';
import LightModeOutlined from '@mui/icons-material/LightModeOutlined';
import IconButton from '@mui/material/IconButton';
import { useTranslation } from 'react-i18next';
import { useSettings } from '../lib/settings/SettingsProvider';

/** Light ↔ dark; the customizer has semi-dark and "follow the system". */
export function ModeToggle() {
  const { t } = useTranslation();
  const { mode, setModeChoice } = useSettings();
  const dark = mode === 'dark';
  const label = dark ? t('shell.lightMode') : t('shell.darkMode');
  return (
    <IconButton onClick={() => setModeChoice(dark ? 'light' : 'dark')} aria-label={label} title={label} data-testid="mode-toggle">
      {dark ? <LightModeOutlined fontSize="small" /> : <DarkModeOutlined fontSize="small" />}
    </IconButton>
  );
}
