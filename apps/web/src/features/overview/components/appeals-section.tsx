import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import type { AppealFigures } from '@portal/contract/appeals';
import { homeForRole } from '@portal/contract/roles';
import { AppealFiguresList } from '../../../components/appeal-figures.tsx';
import { TitledSection } from '../../../components/titled-section.tsx';
import { OVERVIEW_TEXTS } from '../overview-texts.ts';

const texts = OVERVIEW_TEXTS.appeals;

/** Every appeal of the tenant in figures (issue #34 item 5), with the way to the queue. */
export function AppealsSection({ figures }: { figures: AppealFigures }) {
  return (
    <TitledSection title={texts.title} subtitle={texts.description} gap={1.5}>
      <AppealFiguresList figures={figures} label={texts.title} />
      <Button
        component={RouterLink}
        to={`${homeForRole('TENANT_ADMIN')}/appeals`}
        variant="outlined"
        sx={{ mt: 2, minHeight: 48 }}
      >
        {texts.open}
      </Button>
    </TitledSection>
  );
}
