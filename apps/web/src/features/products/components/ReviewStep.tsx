/**
 * Step 4 of the product form: everything at a glance before saving. For an
 * update, changed values show what they were, and a terms change says which
 * version it becomes and from when it applies.
 */
import type { ProductKind } from '@koperasi/contracts/enums';
import { GL_ROLES } from '@koperasi/contracts/products';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../lib/format';
import { changedTermFields, latestVersion, type ProductFormValues, patchBody } from '../lib/productForm';
import { termValues } from '../lib/terms';
import type { CoaOption, ProductDetail } from '../lib/types';
import { TermsGrid } from './TermsGrid';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box>
      <Typography sx={{ fontWeight: 600, fontSize: '0.9375rem', mb: 1.5 }}>{title}</Typography>
      {children}
    </Box>
  );
}

function Pair({ label, value, changed }: { label: string; value: ReactNode; changed?: boolean }) {
  return (
    <Box>
      <Typography sx={{ fontSize: '0.75rem', color: 'text.secondary' }}>{label}</Typography>
      <Typography sx={{ fontSize: '0.875rem', fontWeight: 600, color: changed ? 'primary.main' : 'text.primary', wordBreak: 'break-word' }}>
        {value}
      </Typography>
    </Box>
  );
}

export function ReviewStep({
  values,
  kind,
  product,
  accounts,
  today,
}: {
  values: ProductFormValues;
  kind: ProductKind;
  product?: ProductDetail;
  accounts: CoaOption[];
  today: string;
}) {
  const { t } = useTranslation('products');
  const f = useFormat();
  const savingType = values.savingType || null;
  const patch = product ? patchBody(product, values) : null;
  const termsChanged = product ? changedTermFields(product, values).length > 0 : false;
  const nothing = patch !== null && Object.keys(patch).length === 1;
  const latest = product ? latestVersion(product) : null;
  const account = (id: string) => accounts.find((a) => a.id === id);
  const was = (k: string) => Boolean(patch && k in patch);

  return (
    <Box sx={{ display: 'grid', gap: 3 }} data-testid="step-review">
      <Typography sx={{ color: 'text.secondary', fontSize: '0.875rem' }}>{t('form.reviewIntro')}</Typography>
      {nothing && (
        <Alert severity="info" data-testid="review-nothing">
          {t('form.noChanges')}
        </Alert>
      )}
      {product && termsChanged && latest && (
        <Alert severity="warning" data-testid="review-new-version">
          {values.effectiveDate === today
            ? t('form.newVersionToday', {
                version: latest.version + 1,
                date: f.date(values.effectiveDate, 'long'),
                current: product.terms.version,
              })
            : t('form.newVersion', {
                version: latest.version + 1,
                date: f.date(values.effectiveDate, 'long'),
                current: product.terms.version,
              })}
        </Alert>
      )}
      <Section title={t('steps.general')}>
        <Box
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' },
            gap: 1.5,
          }}
        >
          <Pair label={t('fields.kind')} value={t(`kind.${kind}`)} />
          {savingType && <Pair label={t('fields.savingType')} value={t(`savingType.${savingType}`)} />}
          <Pair label={t('fields.code')} value={values.code.trim().toUpperCase() || t('form.codeHint')} changed={was('code')} />
          <Pair label={t('fields.name')} value={values.name} changed={was('name')} />
          <Pair label={t('fields.audience')} value={t(`audience.${values.audience}`)} changed={was('audience')} />
          <Pair
            label={t('fields.requiresApproval')}
            value={values.requiresApproval ? t('yes') : t('no')}
            changed={was('requiresApproval')}
          />
          <Pair label={t('fields.status')} value={values.isActive ? t('status.active') : t('status.inactive')} changed={was('isActive')} />
          {(!product || termsChanged) && (
            <Pair label={t('fields.effectiveDate')} value={f.date(values.effectiveDate, 'long')} changed={termsChanged} />
          )}
          {values.description.trim() && <Pair label={t('fields.description')} value={values.description} changed={was('description')} />}
        </Box>
      </Section>
      <Divider />
      <Section title={t('steps.terms')}>
        <TermsGrid
          kind={kind}
          savingType={savingType}
          values={values}
          before={product ? termValues(kind, latestVersion(product)) : undefined}
          dense
        />
      </Section>
      <Divider />
      <Section title={t('steps.gl')}>
        <Box
          component="dl"
          sx={{ m: 0, display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '260px minmax(0, 1fr)' }, rowGap: 1, columnGap: 2 }}
        >
          {GL_ROLES[kind].map((role) => {
            const a = account(values.glAccounts[role] ?? '');
            const changed = Boolean(patch?.glAccounts && role in (patch.glAccounts as object));
            return (
              <Box key={role} sx={{ display: 'contents' }} data-testid={`review-gl-${role}`}>
                <Typography component="dt" sx={{ fontSize: '0.8125rem', color: 'text.secondary' }}>
                  {t(`glRole.${role}`)}
                </Typography>
                <Typography
                  component="dd"
                  sx={{ m: 0, fontSize: '0.875rem', fontWeight: 600, color: changed ? 'primary.main' : a ? 'text.primary' : 'error.main' }}
                >
                  {a ? `${a.code} · ${a.name}` : '-'}
                </Typography>
              </Box>
            );
          })}
        </Box>
      </Section>
    </Box>
  );
}
