import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { IntegrityRule, IntegritySummary } from '@portal/contract/integrity';
import { WARNING_TEXT_COLOR } from '../../../components/stat-card.tsx';
import { formatCount, formatNaira } from '../../../lib/format.ts';
import { INTEGRITY_TEXTS } from '../integrity-texts.ts';

const texts = INTEGRITY_TEXTS.cards;

export interface RuleCardsProps {
  rules: IntegritySummary['rules'];
  /** The rule whose flags the list shows; null for all. */
  selected: IntegrityRule | null;
  onSelect: (rule: IntegrityRule | null) => void;
}

/**
 * One card per rule: its flagged records and ₦ a month (and PAID_AFTER_EXIT's ₦ recoverable). A card filters the flag list by its rule
 * (pressed again, it shows every rule's flags).
 */
export function RuleCards({ rules, selected, onSelect }: RuleCardsProps) {
  return (
    <Box
      component="ul"
      aria-label={texts.label}
      sx={{
        listStyle: 'none',
        m: 0,
        p: 0,
        display: 'grid',
        gap: 2,
        gridTemplateColumns: {
          xs: '1fr',
          sm: 'repeat(2, minmax(0, 1fr))',
          md: 'repeat(3, minmax(0, 1fr))',
          lg: 'repeat(4, minmax(0, 1fr))',
        },
      }}
    >
      {rules.map((rule) => {
        const pressed = selected === rule.code;
        const flagged = rule.flaggedRecords > 0;
        // PAID_AFTER_EXIT's pay since the exit (issue #35); the other rules have none.
        const recoverable =
          rule.recoverableAmount === undefined
            ? ''
            : `, ${formatNaira(rule.recoverableAmount)} ${texts.recoverable}`;
        return (
          <Box component="li" key={rule.code} sx={{ minWidth: 0 }}>
            <Tooltip title={INTEGRITY_TEXTS.ruleDescriptions[rule.code]} placement="top">
              <Card
                variant="outlined"
                sx={{
                  height: '100%',
                  borderColor: pressed ? 'primary.main' : undefined,
                  borderWidth: pressed ? 2 : 1,
                  // A switched-off rule is marked by its dashed border and its words, never by
                  // fading: at 70% opacity its text fell to 3.03:1 (issue #31).
                  borderStyle: rule.enabled ? undefined : 'dashed',
                  bgcolor: rule.enabled ? undefined : 'grey.50',
                }}
              >
                <CardActionArea
                  aria-pressed={pressed}
                  // Its state in its name too: the name replaces the card's words for a screen reader.
                  aria-label={`${rule.label}${rule.enabled ? '' : ` (${texts.off})`}: ${texts.records(rule.flaggedRecords)}, ${formatNaira(rule.monthlyAmount)} ${texts.perMonth}${recoverable}. ${texts.filter(rule.label)}`}
                  onClick={() => onSelect(pressed ? null : rule.code)}
                  sx={{
                    height: '100%',
                    p: 2,
                    display: 'flex',
                    flexDirection: 'column',
                    alignItems: 'stretch',
                  }}
                >
                  <Typography component="p" variant="body2" sx={{ color: 'text.secondary', fontWeight: 500 }}>
                    {rule.label}
                  </Typography>
                  <Typography
                    component="p"
                    variant="h5"
                    sx={{ fontWeight: 700, mt: 0.5, color: flagged ? WARNING_TEXT_COLOR : 'text.primary' }}
                  >
                    {formatCount(rule.flaggedRecords)}
                  </Typography>
                  <Typography component="p" variant="body2" sx={{ fontWeight: 600 }}>
                    {formatNaira(rule.monthlyAmount)}{' '}
                    <Box component="span" sx={{ color: 'text.secondary', fontWeight: 400 }}>
                      {texts.perMonth}
                    </Box>
                  </Typography>
                  {rule.recoverableAmount !== undefined && (
                    <Typography component="p" variant="body2" sx={{ fontWeight: 600 }}>
                      {formatNaira(rule.recoverableAmount)}{' '}
                      <Box component="span" sx={{ color: 'text.secondary', fontWeight: 400 }}>
                        {texts.recoverable}
                      </Box>
                    </Typography>
                  )}
                  {!rule.enabled && (
                    <Typography component="p" variant="caption" sx={{ color: 'text.secondary', mt: 0.5 }}>
                      {texts.off}
                    </Typography>
                  )}
                </CardActionArea>
              </Card>
            </Tooltip>
          </Box>
        );
      })}
    </Box>
  );
}
