import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { Tenant } from '@portal/contract/tenants';
import { UI_TEXTS } from '../../../lib/ui-texts.ts';
import { visuallyHidden } from '../../../lib/visually-hidden.ts';
import { validationUrlDisplay } from '../utils/identity-source-config.ts';

const texts = UI_TEXTS.tenants;

/** The Validation URL of a tenant: a link opening in a new tab, 'Not Set' or 'Invalid Config'. */
export function ValidationUrlCell({ tenant }: { tenant: Pick<Tenant, 'identitySourceConfig'> }) {
  const display = validationUrlDisplay(tenant);
  if (display.kind === 'not-set') {
    return (
      <Typography variant="body2" component="span" sx={{ color: 'text.secondary', fontStyle: 'italic' }}>
        {texts.notSet}
      </Typography>
    );
  }
  if (display.kind === 'invalid') {
    return (
      <Typography variant="body2" component="span" sx={{ color: 'error.dark', fontWeight: 500 }}>
        {texts.invalidConfig}
      </Typography>
    );
  }
  return (
    <Link
      href={display.url}
      target="_blank"
      rel="noopener noreferrer"
      title={display.url}
      variant="body2"
      sx={{
        display: 'inline-block',
        maxWidth: 240,
        overflow: 'hidden',
        textOverflow: 'ellipsis',
        whiteSpace: 'nowrap',
        verticalAlign: 'bottom',
      }}
    >
      {display.url}
      <span style={visuallyHidden}> {texts.opensInNewTab}</span>
    </Link>
  );
}
