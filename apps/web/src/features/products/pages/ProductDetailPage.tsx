/**
 * A product (/products/<kind>/:id): general data and usage, the terms in
 * force (and a scheduled version, if any), every terms version with its
 * effective date and what it changed, and the GL mapping. "Edit" for roles
 * that may update products.
 */
import { GL_ROLES } from '@koperasi/contracts/products';
import AccountTreeOutlined from '@mui/icons-material/AccountTreeOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import RuleOutlined from '@mui/icons-material/RuleOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Skeleton from '@mui/material/Skeleton';
import { alpha } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { EmptyState } from '../../../components/EmptyState';
import { PageHeader } from '../../../components/PageHeader';
import { isApiError } from '../../../lib/api/errors';
import { useAuth } from '../../../lib/auth/AuthProvider';
import { useFormat } from '../../../lib/format';
import { useProduct } from '../api/getProduct';
import { ProductKindChip, ProductStatusChip } from '../components/ProductChips';
import { TermsGrid } from '../components/TermsGrid';
import { VersionHistory } from '../components/VersionHistory';
import { SEGMENT_INFO, type Segment, segmentParam } from '../lib/kinds';
import { termValues } from '../lib/terms';

function Section({
  icon,
  title,
  subtitle,
  children,
  testId,
}: {
  icon: ReactNode;
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <Card sx={{ p: { xs: 2, md: 3 } }} data-testid={testId}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mb: 2.5 }}>
        <Box
          sx={(th) => ({
            width: 36,
            height: 36,
            borderRadius: 2,
            display: 'grid',
            placeItems: 'center',
            flexShrink: 0,
            color: 'primary.main',
            bgcolor: alpha(th.palette.primary.main, 0.12),
          })}
        >
          {icon}
        </Box>
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="h6" component="h2" sx={{ fontSize: '1rem', fontWeight: 600 }}>
            {title}
          </Typography>
          {subtitle && (
            <Typography component="div" sx={{ fontSize: '0.8125rem', color: 'text.secondary' }}>
              {subtitle}
            </Typography>
          )}
        </Box>
      </Box>
      {children}
    </Card>
  );
}

function Pair({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <Box>
      <Typography component="dt" sx={{ fontSize: '0.75rem', color: 'text.secondary' }}>
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, fontSize: '0.875rem', fontWeight: 600 }} data-testid={testId}>
        {children}
      </Typography>
    </Box>
  );
}

export default function ProductDetailPage({ segment: given }: { segment?: Segment }) {
  const { segment: fromAddress } = useParams();
  const segment = given ?? segmentParam(fromAddress);
  if (!segment) return <UnknownKind />;
  return <ProductDetailPageOf segment={segment} />;
}

/** The product's ledger accounts, in the order of its kind's roles. */
function GlTable({ product }: { product: NonNullable<ReturnType<typeof useProduct>['data']> }) {
  const { t } = useTranslation('products');
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" data-testid="gl-table">
        <TableHead>
          <TableRow>
            <TableCell sx={{ fontWeight: 600, fontSize: '0.75rem', color: 'text.secondary' }}>{t('detail.role')}</TableCell>
            <TableCell sx={{ fontWeight: 600, fontSize: '0.75rem', color: 'text.secondary' }}>{t('detail.account')}</TableCell>
            <TableCell sx={{ fontWeight: 600, fontSize: '0.75rem', color: 'text.secondary' }}>{t('detail.type')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {[...product.glAccounts]
            .sort((a, b) => GL_ROLES[product.kind].indexOf(a.role) - GL_ROLES[product.kind].indexOf(b.role))
            .map((g) => (
              <TableRow key={g.role} data-testid={`gl-row-${g.role}`}>
                <TableCell>{t(`glRole.${g.role}`, { defaultValue: g.role })}</TableCell>
                <TableCell>
                  <Box component="span" sx={{ fontFamily: 'monospace', mr: 1 }}>
                    {g.code}
                  </Box>{' '}
                  {g.name}
                </TableCell>
                <TableCell>{t(`accountType.${g.type}`, { defaultValue: g.type })}</TableCell>
              </TableRow>
            ))}
        </TableBody>
      </Table>
    </Box>
  );
}

function ProductDetailPageOf({ segment }: { segment: Segment }) {
  const { t } = useTranslation('products');
  const f = useFormat();
  const { can } = useAuth();
  const { id } = useParams();
  const q = useProduct(id);
  const info = SEGMENT_INFO[segment];
  const listLabel = t(`common:nav.product.${info.navKey}`);
  const p = q.data;
  const crumbs = [
    { label: t('common:nav.product.title'), to: '/products' },
    { label: listLabel, to: `/products/${segment}` },
    { label: p?.name ?? t('detail.title') },
  ];

  if (q.isPending) {
    return (
      <>
        <PageHeader title={t('detail.title')} breadcrumbs={crumbs} />
        <Skeleton variant="rounded" height={420} sx={{ borderRadius: 3 }} />
      </>
    );
  }
  if (!p) {
    const notFound = isApiError(q.error) && (q.error.status === 404 || q.error.status === 400);
    return (
      <>
        <PageHeader title={t('detail.title')} breadcrumbs={crumbs} />
        <Card>
          {notFound ? (
            <EmptyState kind="notFound" description={q.error?.message} />
          ) : (
            <EmptyState kind="loadFailed" description={q.error?.message} onRetry={() => void q.refetch()} />
          )}
        </Card>
      </>
    );
  }

  const current = p.terms;
  const values = termValues(p.kind, current);
  return (
    <>
      <PageHeader
        title={p.name}
        subtitle={
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
            <Typography component="span" sx={{ fontFamily: 'monospace', fontWeight: 600 }} data-testid="detail-code">
              {p.code}
            </Typography>
            <ProductKindChip kind={p.kind} savingType={p.savingType} />
            <ProductStatusChip active={p.isActive} />
          </Box>
        }
        breadcrumbs={crumbs}
        actions={
          can('product', 'update') && (
            <Button
              variant="contained"
              component={Link}
              to={`/products/${segment}/${p.id}/edit`}
              startIcon={<EditOutlined />}
              data-testid="product-edit"
            >
              {t('detail.edit')}
            </Button>
          )
        }
      />
      <Box sx={{ display: 'grid', gap: 3 }}>
        {p.upcomingTerms && (
          <Alert severity="info" data-testid="upcoming-terms">
            {t('detail.upcoming', { version: p.upcomingTerms.version, date: f.date(p.upcomingTerms.effectiveDate, 'long') })}
          </Alert>
        )}
        <Section icon={<InfoOutlined fontSize="small" />} title={t('detail.general')} testId="product-general">
          <Box
            component="dl"
            sx={{
              m: 0,
              display: 'grid',
              gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(4, minmax(0, 1fr))' },
              gap: 2,
            }}
          >
            <Pair label={t('fields.kind')}>{t(`kind.${p.kind}`)}</Pair>
            {p.savingType && <Pair label={t('fields.savingType')}>{t(`savingType.${p.savingType}`)}</Pair>}
            <Pair label={t('fields.audience')}>{t(`audience.${p.audience}`)}</Pair>
            <Pair label={t('fields.requiresApproval')}>{p.requiresApproval ? t('yes') : t('no')}</Pair>
            <Pair label={t('fields.accountCount')} testId="detail-accounts">
              {f.number(p.accountCount)}
            </Pair>
            <Pair label={t('fields.totalBalance')} testId="detail-balance">
              {f.money(p.totalBalance)}
            </Pair>
            <Pair label={t('fields.createdDate')}>{f.date(p.createdDate, 'dateTime')}</Pair>
            <Pair label={t('fields.updatedDate')}>{f.date(p.updatedDate, 'dateTime')}</Pair>
          </Box>
          {p.description && <Typography sx={{ mt: 2, fontSize: '0.875rem', color: 'text.secondary' }}>{p.description}</Typography>}
        </Section>

        <Section
          icon={<RuleOutlined fontSize="small" />}
          title={t('detail.currentTerms')}
          subtitle={
            <span data-testid="current-version">
              {t('detail.currentVersion', { version: current.version, date: f.date(current.effectiveDate, 'long') })}
            </span>
          }
          testId="product-terms"
        >
          <TermsGrid kind={p.kind} savingType={p.savingType} values={values} />
        </Section>

        <Section
          icon={<HistoryOutlined fontSize="small" />}
          title={t('detail.history')}
          subtitle={t('detail.historyIntro')}
          testId="product-history"
        >
          <VersionHistory kind={p.kind} savingType={p.savingType} versions={p.versions} current={current.version} />
        </Section>

        <Section icon={<AccountTreeOutlined fontSize="small" />} title={t('detail.gl')} testId="product-gl">
          <GlTable product={p} />
        </Section>
      </Box>
    </>
  );
}

/** `/products/<unknown>/...`. */
function UnknownKind() {
  return (
    <Card>
      <EmptyState kind="notFound" />
    </Card>
  );
}
