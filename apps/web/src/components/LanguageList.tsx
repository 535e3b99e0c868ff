import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '../lib/i18n/languages';

export default function LanguageList({ anchor, onClose }: { anchor: HTMLElement | null; onClose: () => void }) {
  const { i18n } = useTranslation();
  return (
    <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={onClose}>
      {LANGUAGES.map((l) => (
        <MenuItem
          key={l.code}
          selected={i18n.language === l.code}
          data-testid={`language-${l.code}`}
          onClick={() => {
            onClose();
            void i18n.changeLanguage(l.code);
          }}
        >
          <ListItemText primary={l.label} secondary={l.code.toUpperCase()} slotProps={{ secondary: { sx: { fontSize: 11 } } }} />
        </MenuItem>
      ))}
    </Menu>
  );
}
