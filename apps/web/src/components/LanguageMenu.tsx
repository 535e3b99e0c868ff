/** Language switcher (id, en, zh, ar, it, es, fr); Arabic turns the layout right-to-left. The list loads on first open. */
import TranslateOutlined from '@mui/icons-material/TranslateOutlined';
import IconButton from '@mui/material/IconButton';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { preloadRtl } from '../lib/settings/rtlCache';

const LanguageList = lazy(() => import('./LanguageList'));

export function LanguageMenu() {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [mounted, setMounted] = useState(false);
  return (
    <>
      <IconButton
        onClick={(e) => {
          preloadRtl();
          setMounted(true);
          setAnchor(e.currentTarget);
        }}
        aria-label={t('shell.language')}
        title={t('shell.language')}
        data-testid="language-menu"
      >
        <TranslateOutlined fontSize="small" />
      </IconButton>
      {mounted && (
        <Suspense fallback={null}>
          <LanguageList anchor={anchor} onClose={() => setAnchor(null)} />
        </Suspense>
      )}
    </>
  );
}
