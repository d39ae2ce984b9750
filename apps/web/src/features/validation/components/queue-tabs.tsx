import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { WARNING_TEXT_COLOR } from '../../../components/stat-card.tsx';
import { formatCount } from '../../../lib/format.ts';
import type { QueueKind } from '../api/validation-keys.ts';
import { VALIDATION_TEXTS } from '../validation-texts.ts';

const texts = VALIDATION_TEXTS.tabs;

export const queueTabId = (kind: QueueKind) => `validation-tab-${kind}`;
export const queuePanelId = (kind: QueueKind) => `validation-panel-${kind}`;

/** A count pill after the tab label, shown only when the queue is not empty. */
function CountBadge({ count, color }: { count: number | undefined; color: string }) {
  if (!count) return null;
  return (
    <Box
      component="span"
      data-testid="queue-count"
      sx={{
        ml: 1,
        px: 1,
        minWidth: 22,
        height: 22,
        borderRadius: 11,
        display: 'inline-flex',
        alignItems: 'center',
        justifyContent: 'center',
        fontSize: 12,
        fontWeight: 700,
        color: 'common.white',
        bgcolor: color,
        fontVariantNumeric: 'tabular-nums',
      }}
    >
      {formatCount(count)}
    </Box>
  );
}

export interface QueueTabsProps {
  value: QueueKind;
  onChange: (kind: QueueKind) => void;
  counts: { pendingApproval: number; mismatched: number } | undefined;
}

/** 'Pending Approval' and 'Mismatched Records' with their counts (orange for mismatches). */
export function QueueTabs({ value, onChange, counts }: QueueTabsProps) {
  const tabs: { kind: QueueKind; label: string; count: number | undefined; color: string }[] = [
    { kind: 'pending', label: texts.pending, count: counts?.pendingApproval, color: 'primary.main' },
    // Dark amber: white digits on MUI's warning orange fall short of 4.5:1.
    { kind: 'mismatched', label: texts.mismatched, count: counts?.mismatched, color: WARNING_TEXT_COLOR },
  ];
  return (
    <Box sx={{ borderBottom: 1, borderColor: 'divider' }}>
      <Tabs
        value={value}
        onChange={(_event, next: QueueKind) => onChange(next)}
        aria-label={texts.label}
        variant="scrollable"
        scrollButtons="auto"
        allowScrollButtonsMobile
      >
        {tabs.map((tab) => (
          <Tab
            key={tab.kind}
            value={tab.kind}
            id={queueTabId(tab.kind)}
            aria-controls={tab.kind === value ? queuePanelId(tab.kind) : undefined}
            label={
              <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center' }}>
                {tab.label}
                <CountBadge count={tab.count} color={tab.color} />
              </Box>
            }
          />
        ))}
      </Tabs>
    </Box>
  );
}
