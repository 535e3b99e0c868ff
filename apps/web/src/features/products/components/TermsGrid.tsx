/**
 * A product's terms as label and value pairs, grouped as in the form. With
 * `before`, changed values are marked and show what they were (review of an
 * update).
 */
import type { ProductKind } from '@koperasi/contracts/enums';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { sameTermValue, termFields } from '../lib/terms';
import { useTermText } from '../lib/useTermText';

export function TermsGrid({
  kind,
  savingType,
  values,
  before,
  dense,
}: {
  kind: ProductKind;
  savingType: string | null;
  values: Record<string, unknown>;
  before?: Record<string, unknown>;
  dense?: boolean;
}) {
  const { t } = useTranslation('products');
  const text = useTermText();
  const fields = termFields(kind, savingType);
  const groups = [...new Set(fields.map((f) => f.group))];
  return (
    <Box sx={{ display: 'grid', gap: dense ? 1.5 : 2.5 }} data-testid="terms-grid">
      {groups.map((g) => (
        <Box key={g}>
          <Typography
            sx={{ fontSize: '0.6875rem', fontWeight: 600, textTransform: 'uppercase', letterSpacing: 0.6, color: 'text.secondary', mb: 1 }}
          >
            {t(`group.${g}`)}
          </Typography>
          <Box
            component="dl"
            sx={{
              m: 0,
              display: 'grid',
              gridTemplateColumns: {
                xs: '1fr',
                sm: 'repeat(2, minmax(0, 1fr))',
                lg: dense ? 'repeat(2, minmax(0, 1fr))' : 'repeat(3, minmax(0, 1fr))',
              },
              columnGap: 3,
              rowGap: 1.25,
            }}
          >
            {fields
              .filter((f) => f.group === g)
              .map((f) => {
                const changed =
                  before !== undefined &&
                  (!sameTermValue(before[f.name], values[f.name]) ||
                    (f.typeField && !sameTermValue(before[f.typeField], values[f.typeField])));
                const label =
                  f.name === 'amount' && savingType === 'PARTICIPATION' ? t('termsHint.amountPARTICIPATION') : t(`terms.${f.name}`);
                return (
                  <Box key={f.name} data-testid={`term-${f.name}`} data-changed={changed ? 'true' : undefined}>
                    <Typography component="dt" sx={{ fontSize: '0.75rem', color: 'text.secondary' }}>
                      {label}
                    </Typography>
                    <Typography
                      component="dd"
                      sx={{ m: 0, fontSize: '0.875rem', fontWeight: 600, color: changed ? 'primary.main' : 'text.primary' }}
                    >
                      {text(kind, f.name, values[f.name], values)}
                      {changed && before && ' '}
                      {changed && before && (
                        <Box component="span" sx={{ ml: 1, fontWeight: 400, fontSize: '0.75rem', color: 'text.secondary' }}>
                          ({t('form.was')} {text(kind, f.name, before[f.name], before)})
                        </Box>
                      )}
                    </Typography>
                  </Box>
                );
              })}
          </Box>
        </Box>
      ))}
    </Box>
  );
}
