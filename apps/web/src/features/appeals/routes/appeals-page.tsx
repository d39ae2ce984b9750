import { useState } from 'react';
import { useSearchParams } from 'react-router';
import Download from '@mui/icons-material/Download';
import Gavel from '@mui/icons-material/Gavel';
import PostAdd from '@mui/icons-material/PostAdd';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { BusyButton } from '../../../components/busy-button.tsx';
import { ListQueryBody } from '../../../components/list-query-body.tsx';
import { TabHeader } from '../../../components/tab-header.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { TENANT_TOASTS, useToasts } from '../../../lib/use-toasts.ts';
import { downloadArrears } from '../api/appeal-files.ts';
import { useAppeals } from '../api/get-appeals.ts';
import {
  AppealsFilterBar,
  hasAppealFilters,
  NO_APPEAL_FILTERS,
  type AppealFilters,
} from '../components/appeals-filters.tsx';
import { AppealsTable } from '../components/appeals-table.tsx';
import { LodgeLetterDialog } from '../components/lodge-letter-dialog.tsx';
import { APPEALS_TEXTS as texts } from '../appeals-texts.ts';
import { AppealDetail } from './appeal-detail.tsx';

/** Who works the queue: a tenant admin (every appeal, letters, arrears) or a reviewer (their assignments'). */
export type AppealsVariant = 'tenant' | 'reviewer';

/**
 * The appeals queue (issue #34 item 2), or, with `?appeal=<id>`, one appeal: as the exercises'
 * page, the query keeps the dashboard's one route per destination and an appeal can be bookmarked.
 */
export function AppealsPage({ variant }: { variant: AppealsVariant }) {
  const [params, setParams] = useSearchParams();
  const selected = params.get('appeal');
  if (selected) return <AppealDetail id={selected} variant={variant} onBack={() => setParams({})} />;
  return <AppealsQueue variant={variant} onOpen={(id) => setParams({ appeal: id })} />;
}

function AppealsQueue({ variant, onOpen }: { variant: AppealsVariant; onOpen: (id: string) => void }) {
  const toast = useToasts(TENANT_TOASTS);
  const [filters, setFilters] = useState<AppealFilters>(NO_APPEAL_FILTERS);
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(10);
  const [lodging, setLodging] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const appeals = useAppeals({
    page: page + 1,
    pageSize,
    status: filters.status || undefined,
    deadline: filters.deadline || undefined,
    kind: filters.kind || undefined,
  });
  const tenant = variant === 'tenant';
  const arrears = async () => {
    setDownloading(true);
    try {
      await downloadArrears();
    } catch (error) {
      toast.error(errorMessage(error, texts.arrearsFailed));
    } finally {
      setDownloading(false);
    }
  };
  const filtered = hasAppealFilters(filters);
  return (
    <Stack spacing={3}>
      <TabHeader
        title={tenant ? texts.title : texts.reviewerTitle}
        subtitle={tenant ? texts.subtitle : texts.reviewerSubtitle}
        action={
          tenant ? (
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5 }}>
              <BusyButton
                variant="outlined"
                startIcon={<Download />}
                busy={downloading}
                label={texts.arrears}
                onClick={() => void arrears()}
              />
              <Button variant="contained" startIcon={<PostAdd />} onClick={() => setLodging(true)}>
                {texts.lodge}
              </Button>
            </Box>
          ) : null
        }
      />
      <AppealsFilterBar
        value={filters}
        onChange={(next) => {
          setFilters(next);
          setPage(0);
        }}
      />
      <ListQueryBody
        query={appeals}
        count={appeals.data?.items.length ?? 0}
        loading={texts.list.loading}
        loadFailed={texts.list.loadFailed}
        empty={{
          title: texts.list.emptyTitle,
          message: filtered ? texts.list.emptyFiltered : texts.list.emptyHint,
          icon: <Gavel />,
          titleComponent: 'h3',
        }}
      >
        <AppealsTable
          items={appeals.data?.items ?? []}
          total={appeals.data?.total ?? 0}
          page={page}
          pageSize={pageSize}
          busy={appeals.isPlaceholderData}
          onPageChange={setPage}
          onPageSizeChange={(size) => {
            setPageSize(size);
            setPage(0);
          }}
        />
      </ListQueryBody>
      {lodging && (
        <LodgeLetterDialog
          onClose={() => setLodging(false)}
          onLodged={(id) => {
            setLodging(false);
            onOpen(id);
          }}
        />
      )}
    </Stack>
  );
}
