import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import EditCalendar from '@mui/icons-material/EditCalendar';
import Print from '@mui/icons-material/Print';
import type { Campaign, ScheduleEntry } from '@portal/contract/campaigns';
import { TitledSection } from '../../../components/titled-section.tsx';
import { formatCalendarDate } from '../../../lib/format.ts';
import { useSchedule } from '../api/get-schedule.ts';
import { EXERCISES_TEXTS } from '../exercises-texts.ts';
import { siteListHref } from '../site-list-link.ts';
import { QueryBody } from './query-body.tsx';
import { ScheduleForm } from './schedule-form.tsx';

const texts = EXERCISES_TEXTS.schedule;

/** The schedule's days by site, in the order the sites first appear (the schedule is by day). */
export function sitesOf(entries: readonly ScheduleEntry[]): { site: string; entries: ScheduleEntry[] }[] {
  const bySite = new Map<string, ScheduleEntry[]>();
  for (const entry of entries) bySite.set(entry.site, [...(bySite.get(entry.site) ?? []), entry]);
  return [...bySite].map(([site, days]) => ({ site, entries: days }));
}

const postingsOf = (entry: ScheduleEntry) =>
  [...entry.ministries, ...entry.departments].map((n) => n.name).join(', ');

/**
 * The exercise's schedule (issue #33 item 1): each site with its days and the postings expected
 * there, and its printable list; edited as a whole. Whether it may still change is the server's
 * answer (409 once the exercise has closed), shown as it comes.
 */
export function ScheduleSection({ exercise }: { exercise: Campaign }) {
  const schedule = useSchedule(exercise.id);
  const [editing, setEditing] = useState(false);
  const entries = schedule.data?.entries ?? [];
  return (
    <TitledSection title={texts.title} subtitle={texts.subtitle} gap={1.5}>
      {editing && schedule.data ? (
        <ScheduleForm exercise={exercise} entries={entries} onDone={() => setEditing(false)} />
      ) : (
        <>
          <QueryBody
            query={schedule}
            count={entries.length}
            loading={texts.loading}
            loadFailed={texts.loadFailed}
            empty={texts.empty}
          >
            <Box
              sx={{
                display: 'grid',
                gap: 1.5,
                gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' },
              }}
            >
              {sitesOf(entries).map(({ site, entries: days }) => (
                <SiteCard key={site} exerciseId={exercise.id} site={site} entries={days} />
              ))}
            </Box>
          </QueryBody>
          {schedule.data && (
            <Button
              variant="outlined"
              startIcon={<EditCalendar />}
              onClick={() => setEditing(true)}
              sx={{ mt: 1.5, displayPrint: 'none' }}
            >
              {texts.edit}
            </Button>
          )}
        </>
      )}
    </TitledSection>
  );
}

function SiteCard({
  exerciseId,
  site,
  entries,
}: {
  exerciseId: string;
  site: string;
  entries: ScheduleEntry[];
}) {
  return (
    <Paper variant="outlined" component="article" aria-label={site} sx={{ p: 2, minWidth: 0 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', gap: 1 }}>
        <Box sx={{ flex: '1 1 160px', minWidth: 0 }}>
          <Typography variant="subtitle1" component="h4" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {site}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {texts.days(entries.length)}
          </Typography>
        </Box>
        <Button
          component={RouterLink}
          to={siteListHref(exerciseId, site)}
          size="small"
          startIcon={<Print />}
          aria-label={texts.printLabel(site)}
          sx={{ displayPrint: 'none', whiteSpace: 'nowrap' }}
        >
          {texts.print}
        </Button>
      </Box>
      <Box component="ul" sx={{ m: 0, mt: 1, p: 0, listStyle: 'none' }}>
        {entries.map((entry, index) => (
          <Box
            component="li"
            key={`${entry.day}-${index}`}
            sx={{ py: 0.5, borderTop: 1, borderColor: 'divider' }}
          >
            <Typography
              variant="body2"
              component="span"
              sx={{ fontWeight: 600, mr: 1, whiteSpace: 'nowrap' }}
            >
              {formatCalendarDate(entry.day)}
            </Typography>
            <Typography variant="body2" component="span" sx={{ overflowWrap: 'anywhere' }}>
              {postingsOf(entry)}
            </Typography>
          </Box>
        ))}
      </Box>
    </Paper>
  );
}
