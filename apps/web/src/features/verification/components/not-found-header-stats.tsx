import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { formatCount, formatShare } from '../../../lib/format.ts';
import { WARNING_TEXT_COLOR } from '../../../components/stat-card.tsx';
import { VERIFICATION_TEXTS } from '../verification-texts.ts';

const texts = VERIFICATION_TEXTS.notFound;

/**
 * The header figures of the not-found list: how many are flagged and, once the tenant figures
 * are in, the size of the master list and the flagged share of it.
 */
export function NotFoundHeaderStats({
  flagged,
  masterList,
}: {
  flagged: number;
  masterList: number | undefined;
}) {
  const items: { label: string; value: string; warning: boolean }[] = [
    { label: texts.flagged, value: formatCount(flagged), warning: flagged > 0 },
  ];
  if (masterList !== undefined) {
    items.push(
      { label: texts.masterList, value: formatCount(masterList), warning: false },
      { label: texts.share, value: formatShare(flagged, masterList), warning: flagged > 0 },
    );
  }
  return (
    <Box
      component="dl"
      sx={{
        m: 0,
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, minmax(0, 1fr))' },
      }}
    >
      {items.map((item) => (
        <Box key={item.label} sx={{ border: 1, borderColor: 'divider', borderRadius: 2, px: 2, py: 1.5 }}>
          <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
            {item.label}
          </Typography>
          <Typography
            component="dd"
            variant="h6"
            sx={{
              m: 0,
              fontWeight: 600,
              fontVariantNumeric: 'tabular-nums',
              color: item.warning ? WARNING_TEXT_COLOR : 'text.primary',
            }}
          >
            {item.value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
