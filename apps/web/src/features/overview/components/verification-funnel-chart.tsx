import { useId } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import SubdirectoryArrowRight from '@mui/icons-material/SubdirectoryArrowRight';
import type { DashboardStats } from '@portal/contract/verification';
import { formatCount, formatShare } from '../../../lib/format.ts';
import { visuallyHidden } from '../../../lib/visually-hidden.ts';
import { OVERVIEW_TEXTS } from '../overview-texts.ts';
import { funnelSteps, type FunnelStep, type FunnelTone } from '../utils/verification-funnel.ts';

const texts = OVERVIEW_TEXTS.funnel;

const BAR_COLOR: Record<FunnelTone, string> = {
  primary: 'primary.main',
  success: 'success.main',
  warning: 'warning.main',
  neutral: 'grey.500',
};

/** Indentation of a step's label by its level, in theme spacing units. */
const INDENT = [0, 2.5, 5] as const;

function FunnelRow({ step, total }: { step: FunnelStep; total: number }) {
  const share = formatShare(step.count, total);
  return (
    <Box
      component="li"
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr auto', sm: 'minmax(200px, 260px) 1fr 130px' },
        gridTemplateAreas: { xs: '"label figures" "bar bar"', sm: '"label bar figures"' },
        alignItems: 'center',
        columnGap: 2,
        rowGap: 0.5,
        py: 1,
      }}
    >
      <Box
        sx={{
          gridArea: 'label',
          display: 'flex',
          alignItems: 'center',
          gap: 0.5,
          pl: INDENT[step.level],
          minWidth: 0,
        }}
      >
        {step.branch && (
          <SubdirectoryArrowRight
            aria-hidden="true"
            fontSize="small"
            sx={{ color: step.tone === 'warning' ? 'warning.dark' : 'text.secondary' }}
          />
        )}
        <Typography component="span" variant="body2" sx={{ fontWeight: step.branch ? 400 : 600 }}>
          {step.label}
          {step.parent && <span style={visuallyHidden}>{`, ${texts.branchOf(step.parent)}`}</span>}
          <span style={visuallyHidden}>{`: ${formatCount(step.count)} (${share})`}</span>
        </Typography>
      </Box>
      <Box
        aria-hidden="true"
        sx={{ gridArea: 'bar', height: 14, borderRadius: 1, bgcolor: 'action.hover', overflow: 'hidden' }}
      >
        <Box
          sx={{
            height: '100%',
            width: `${step.share}%`,
            minWidth: step.count > 0 ? 3 : 0,
            bgcolor: BAR_COLOR[step.tone],
            borderRadius: 1,
            transition: 'width 400ms ease-out',
          }}
        />
      </Box>
      <Typography
        aria-hidden="true"
        variant="body2"
        sx={{
          gridArea: 'figures',
          textAlign: 'right',
          fontVariantNumeric: 'tabular-nums',
          whiteSpace: 'nowrap',
        }}
      >
        <Box component="span" sx={{ fontWeight: 600 }}>
          {formatCount(step.count)}
        </Box>
        <Box component="span" sx={{ color: 'text.secondary', ml: 1 }}>
          {share}
        </Box>
      </Typography>
    </Box>
  );
}

/**
 * The verification funnel as horizontal bars: the main path uploaded → verified → validated,
 * with not found and mismatched branching off. Bars are decoration; each row's text carries
 * the figures for screen readers.
 */
export function VerificationFunnelChart({ stats }: { stats: DashboardStats }) {
  const titleId = useId();
  const total = stats.totalUniqueRecords;
  return (
    <Box component="section" aria-labelledby={titleId}>
      <Typography id={titleId} variant="h6" component="h3">
        {texts.title}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1.5 }}>
        {texts.description}
      </Typography>
      {total === 0 ? (
        <Typography sx={{ color: 'text.secondary', py: 2 }}>{texts.empty}</Typography>
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {funnelSteps(stats).map((step) => (
            <FunnelRow key={step.key} step={step} total={total} />
          ))}
        </Box>
      )}
    </Box>
  );
}
