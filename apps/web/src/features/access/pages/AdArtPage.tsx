/**
 * Master Data › AD/ART (/master-data/ad-art): the cooperative's articles of
 * association (Anggaran Dasar), bylaws (Anggaran Rumah Tangga) and other
 * founding documents; every officer can read and download them, the roles
 * with settings rights upload and delete.
 */
import { AD_ART_TYPES } from '@koperasi/contracts/settings';
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import DownloadRounded from '@mui/icons-material/DownloadRounded';
import ImageOutlined from '@mui/icons-material/ImageOutlined';
import PictureAsPdfOutlined from '@mui/icons-material/PictureAsPdfOutlined';
import UploadRounded from '@mui/icons-material/UploadRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '../../../components/ConfirmDialog';
import { FilterSelect } from '../../../components/form/FilterSelect';
import { PageHeader } from '../../../components/PageHeader';
import { ServerDataTable } from '../../../components/table/ServerDataTable';
import { useAuth } from '../../../lib/auth/AuthProvider';
import { useFormat } from '../../../lib/format';
import { notifyError } from '../../../lib/notify';
import { useDeleteAdArt } from '../api/deleteAdArt';
import { downloadAdArt } from '../api/downloadAdArt';
import { accessKeys } from '../api/keys';
import { listAdArt } from '../api/listAdArt';
import { AdArtUploadDialog } from '../components/AdArtUploadDialog';
import { TagChip } from '../components/StatusChip';
import type { AdArtDocument } from '../types';

function size(bytes: number, f: ReturnType<typeof useFormat>): string {
  if (bytes >= 1024 * 1024) return `${f.number(bytes / 1024 / 1024, 1)} MB`;
  return `${f.number(Math.max(1, Math.round(bytes / 1024)), 0)} KB`;
}

export default function AdArtPage() {
  const { t } = useTranslation('cooperative');
  const f = useFormat();
  const { can } = useAuth();
  const { confirm, dialog } = useConfirm();
  const del = useDeleteAdArt();
  const [type, setType] = useState('none');
  const [uploading, setUploading] = useState(false);

  const download = (d: AdArtDocument) => downloadAdArt(d).catch(notifyError);
  const remove = async (d: AdArtDocument) => {
    if (
      await confirm({
        title: t('adArt.deleteTitle'),
        message: t('adArt.deleteConfirm', { title: d.title }),
        destructive: true,
        confirmLabel: t('adArt.delete'),
      })
    ) {
      await del.mutateAsync(d.id).catch(() => undefined);
    }
  };
  const live = useRef({ download, remove, f, mayDelete: can('settings', 'delete') });
  live.current = { download, remove, f, mayDelete: can('settings', 'delete') };

  const columns = useMemo<GridColDef<AdArtDocument>[]>(
    () => [
      {
        field: 'title',
        headerName: t('adArt.fields.title'),
        flex: 1.6,
        minWidth: 240,
        renderCell: ({ row }) => (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, py: 1, minWidth: 0 }}>
            {row.contentType === 'application/pdf' ? (
              <PictureAsPdfOutlined sx={{ color: 'error.main' }} />
            ) : row.contentType.startsWith('image/') ? (
              <ImageOutlined sx={{ color: 'info.main' }} />
            ) : (
              <DescriptionOutlined />
            )}
            <Box sx={{ minWidth: 0 }}>
              <Typography sx={{ fontSize: '0.8125rem', fontWeight: 600 }} noWrap>
                {row.title}
              </Typography>
              <Typography sx={{ fontSize: '0.75rem', color: 'text.secondary' }} noWrap>
                {row.description || row.fileName}
              </Typography>
            </Box>
          </Box>
        ),
      },
      {
        field: 'documentType',
        headerName: t('adArt.fields.documentType'),
        width: 130,
        sortable: false,
        renderCell: ({ row }) => (
          <TagChip label={t(`adArt.types.${row.documentType}`)} color={row.documentType === 'LAINNYA' ? 'default' : 'primary'} />
        ),
      },
      {
        field: 'size',
        headerName: t('adArt.fields.size'),
        width: 100,
        align: 'right',
        headerAlign: 'right',
        valueFormatter: (v: number) => size(v, live.current.f),
      },
      {
        field: 'created_date',
        headerName: t('adArt.fields.uploaded'),
        flex: 1,
        minWidth: 170,
        valueGetter: (_v, row) => row.createdDate,
        renderCell: ({ row }) => (
          <div>
            <Typography sx={{ fontSize: '0.8125rem' }}>{live.current.f.date(row.createdDate, 'dateTime')}</Typography>
            <Typography sx={{ fontSize: '0.75rem', color: 'text.secondary' }}>{row.uploadedBy?.name ?? '-'}</Typography>
          </div>
        ),
      },
      {
        field: 'actions',
        headerName: '',
        width: 100,
        sortable: false,
        align: 'right',
        renderCell: ({ row }) => (
          <Box sx={{ display: 'flex', gap: 0.5 }}>
            <Tooltip title={t('adArt.download')}>
              <IconButton size="small" onClick={() => void live.current.download(row)} data-testid="ad-art-download">
                <DownloadRounded fontSize="small" />
              </IconButton>
            </Tooltip>
            {live.current.mayDelete && (
              <Tooltip title={t('adArt.delete')}>
                <IconButton size="small" color="error" onClick={() => void live.current.remove(row)} data-testid="ad-art-delete">
                  <DeleteOutlineRounded fontSize="small" />
                </IconButton>
              </Tooltip>
            )}
          </Box>
        ),
      },
    ],
    [t],
  );

  return (
    <>
      <PageHeader
        title={t('common:nav.master_data.ad_art')}
        subtitle={t('adArt.subtitle')}
        breadcrumbs={[{ label: t('common:nav.master_data.title') }, { label: t('common:nav.master_data.ad_art') }]}
        actions={
          can('settings', 'add') && (
            <Button variant="contained" startIcon={<UploadRounded />} onClick={() => setUploading(true)} data-testid="ad-art-upload">
              {t('adArt.upload')}
            </Button>
          )
        }
      />
      <ServerDataTable<AdArtDocument>
        queryKey={accessKeys.adArt}
        fetchPage={listAdArt}
        columns={columns}
        filters={{ documentType: type }}
        searchPlaceholder={t('adArt.search')}
        gridProps={{ getRowHeight: () => 'auto' }}
        emptyText={t('adArt.empty')}
        toolbar={
          <FilterSelect
            label={t('adArt.fields.documentType')}
            value={type}
            onChange={setType}
            allLabel={t('adArt.all')}
            width={150}
            options={AD_ART_TYPES.map((d) => ({ value: d, label: t(`adArt.types.${d}`) }))}
          />
        }
      />
      <AdArtUploadDialog open={uploading} onClose={() => setUploading(false)} />
      {dialog}
    </>
  );
}
