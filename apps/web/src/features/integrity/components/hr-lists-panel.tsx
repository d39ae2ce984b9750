import { useState } from 'react';
import Box from '@mui/material/Box';
import { HR_LIST_KINDS, type HrListKind } from '@portal/contract/hr-lists';
import { CenteredSpinner } from '../../../components/loading-state.tsx';
import { RetryAlert } from '../../../components/retry-alert.tsx';
import { TitledSection } from '../../../components/titled-section.tsx';
import { useHrLists } from '../api/hr-lists.ts';
import { INTEGRITY_TEXTS } from '../integrity-texts.ts';
import { HrListCard } from './hr-list-card.tsx';
import { HrListUploadDialog } from './hr-list-upload-dialog.tsx';

const texts = INTEGRITY_TEXTS.lists;

/**
 * The Lists panel of the tenant admin's Integrity tab (issue #35): one card per HR list, in the
 * contract's order, with its last upload and its upload; a list the server does not name yet
 * reads as not uploaded.
 */
export function HrListsPanel() {
  const lists = useHrLists();
  const [uploading, setUploading] = useState<HrListKind | null>(null);

  let body;
  if (lists.isPending) body = <CenteredSpinner label={texts.loading} size={24} py={3} />;
  else if (lists.isError)
    body = <RetryAlert onRetry={() => void lists.refetch()}>{texts.loadFailed}</RetryAlert>;
  else
    body = (
      <Box
        component="ul"
        aria-label={texts.label}
        sx={{
          listStyle: 'none',
          m: 0,
          p: 0,
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', md: 'repeat(3, minmax(0, 1fr))' },
        }}
      >
        {HR_LIST_KINDS.map((kind) => (
          <Box component="li" key={kind} sx={{ minWidth: 0 }}>
            <HrListCard
              kind={kind}
              lastUpload={lists.data.find((l) => l.kind === kind)?.lastUpload ?? null}
              onUpload={() => setUploading(kind)}
            />
          </Box>
        ))}
      </Box>
    );

  return (
    <TitledSection title={texts.title} subtitle={texts.subtitle} gap={2}>
      {body}
      {uploading && <HrListUploadDialog kind={uploading} onClose={() => setUploading(null)} />}
    </TitledSection>
  );
}
