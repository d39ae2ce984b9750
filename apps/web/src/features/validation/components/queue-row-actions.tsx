import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import BlockOutlined from '@mui/icons-material/BlockOutlined';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutlineOutlined';
import CompareArrows from '@mui/icons-material/CompareArrows';
import EditOutlined from '@mui/icons-material/EditOutlined';
import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import { WARNING_TEXT_COLOR } from '../../../components/stat-card.tsx';
import type { RowAction } from '../queue-variant.ts';
import { VALIDATION_TEXTS } from '../validation-texts.ts';

const texts = VALIDATION_TEXTS.actions;

export interface QueueRowActionsProps {
  actions: readonly RowAction[];
  /** A decision on this row is on its way: its buttons wait. */
  busy: boolean;
  /** Held out of the payroll (issue #30): Approve and Resolve wait for its integrity flag. */
  held?: boolean;
  onAction: (action: RowAction) => void;
}

/** Approve and Resolve as labelled buttons; Edit, Reject and History as icons with tooltips. */
export function QueueRowActions({ actions, busy, held = false, onAction }: QueueRowActionsProps) {
  // A held record's Approve and Resolve are disabled, with why in a tooltip.
  const heldTip = (action: RowAction, button: ReactNode) =>
    held ? (
      <Tooltip key={action} title={VALIDATION_TEXTS.held.blocked}>
        <span>{button}</span>
      </Tooltip>
    ) : (
      button
    );
  const icon = (action: RowAction, label: string, glyph: ReactNode, color?: 'error') => (
    <Tooltip key={action} title={label}>
      <span>
        <IconButton
          aria-label={label}
          size="small"
          color={color}
          disabled={busy}
          onClick={() => onAction(action)}
        >
          {glyph}
        </IconButton>
      </span>
    </Tooltip>
  );
  return (
    <Box
      // On a phone the buttons wrap in their narrow column rather than push the table wide.
      sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'flex-end', gap: 0.5 }}
    >
      {actions.map((action) => {
        switch (action) {
          case 'approve':
            return heldTip(
              action,
              <Button
                key={action}
                size="small"
                variant="contained"
                color="success"
                startIcon={<CheckCircleOutline />}
                disabled={busy || held}
                onClick={() => onAction(action)}
              >
                {texts.approve}
              </Button>,
            );
          case 'resolve':
            return heldTip(
              action,
              <Button
                key={action}
                size="small"
                variant="contained"
                startIcon={<CompareArrows />}
                // Dark amber: white text on MUI's warning orange falls short of 4.5:1.
                sx={{ bgcolor: WARNING_TEXT_COLOR, '&:hover': { bgcolor: '#8f3900' } }}
                disabled={busy || held}
                onClick={() => onAction(action)}
              >
                {texts.resolve}
              </Button>,
            );
          case 'edit':
            return icon(action, texts.edit, <EditOutlined fontSize="small" />);
          case 'reject':
            return icon(action, texts.reject, <BlockOutlined fontSize="small" />, 'error');
          case 'history':
            return icon(action, texts.history, <HistoryOutlined fontSize="small" />);
        }
      })}
    </Box>
  );
}
