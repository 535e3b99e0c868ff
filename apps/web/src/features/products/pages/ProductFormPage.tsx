/**
 * Add a product (/products/<kind>/new, ?type=<saving type>) or update one
 * (/products/<kind>/:id/edit) with the stepper; saved, it opens the product.
 */
import Card from '@mui/material/Card';
import Skeleton from '@mui/material/Skeleton';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/EmptyState';
import { PageHeader } from '../../../components/PageHeader';
import { useProduct } from '../api/getProduct';
import { ProductForm } from '../components/ProductForm';
import { productPath, SEGMENT_INFO, type Segment, segmentParam } from '../lib/kinds';

export default function ProductFormPage({ segment: given }: { segment?: Segment }) {
  const { segment: fromAddress } = useParams();
  const segment = given ?? segmentParam(fromAddress);
  if (!segment) return <UnknownKind />;
  return <ProductFormPageOf segment={segment} />;
}

function ProductFormPageOf({ segment }: { segment: Segment }) {
  const { t } = useTranslation('products');
  const { id } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const info = SEGMENT_INFO[segment];
  const product = useProduct(id);
  const asked = params.get('type') ?? '';
  const savingType = info.savingTypes.includes(asked) ? asked : (info.savingTypes[0] ?? '');
  const typeLabel = savingType ? t(`savingType.${savingType}`) : t(`kind.${info.kind}`);
  const title = id ? t('form.editTitle') : `${t('form.newTitle')}: ${typeLabel}`;
  const crumbs = [
    { label: t('common:nav.product.title'), to: '/products' },
    { label: t(`common:nav.product.${info.navKey}`), to: `/products/${segment}` },
    ...(id && product.data ? [{ label: product.data.name, to: `/products/${segment}/${id}` }] : []),
    { label: id ? t('form.editTitle') : t('form.newTitle') },
  ];

  return (
    <>
      <PageHeader
        title={title}
        subtitle={id ? product.data && `${product.data.code} · ${product.data.name}` : t('form.newSubtitle', { type: typeLabel })}
        breadcrumbs={crumbs}
      />
      {id && product.isPending ? (
        <Skeleton variant="rounded" height={420} sx={{ borderRadius: 3 }} />
      ) : id && !product.data ? (
        <Card>
          <EmptyState kind="notFound" description={product.error?.message} />
        </Card>
      ) : (
        <ProductForm
          key={id ?? savingType}
          kind={info.kind}
          savingTypes={info.savingTypes}
          initialSavingType={savingType}
          product={product.data}
          onSaved={(p) => navigate(productPath(p), { replace: !id })}
          onCancel={() => navigate(id ? `/products/${segment}/${id}` : `/products/${segment}`)}
        />
      )}
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
