import type { ReactNode } from 'react';
import { Link as RouterLink, Navigate, useSearchParams } from 'react-router';
import ArrowBack from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { homeForRole } from '@portal/contract/roles';
import { EXERCISES_TEXTS } from '../exercises-texts.ts';
import { exerciseHref } from '../site-list-link.ts';

const texts = EXERCISES_TEXTS.sitePrint;

/**
 * A site's printable list on a page of its own (`site-list?exercise=&site=`): no navigation around
 * it, so the screen shows what the paper will. The list itself is the field feature's, handed in by
 * the route table (features do not import each other).
 */
export function SiteListPage({ list }: { list: (exerciseId: string, site: string) => ReactNode }) {
  const [params] = useSearchParams();
  const exerciseId = params.get('exercise');
  const site = params.get('site');
  if (!exerciseId || !site) return <Navigate to={`${homeForRole('TENANT_ADMIN')}/exercises`} replace />;
  return (
    <Box sx={{ maxWidth: 1200, mx: 'auto', px: { xs: 2, sm: 3 }, py: { xs: 2, sm: 3 } }}>
      <Button
        component={RouterLink}
        to={exerciseHref(exerciseId)}
        startIcon={<ArrowBack />}
        sx={{ mb: 2, displayPrint: 'none' }}
      >
        {texts.back}
      </Button>
      {list(exerciseId, site)}
    </Box>
  );
}
