import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import NetworkCheck from '@mui/icons-material/NetworkCheck';
import { MESSAGES } from '@portal/contract/messages';
import { BusyButton } from '../../../components/busy-button.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { UI_TEXTS } from '../../../lib/ui-texts.ts';
import type { useTestTenantConnection } from '../api/test-connection.ts';

const texts = UI_TEXTS.tenantForm;

export interface TestConnectionPanelProps {
  tenantId: string;
  /** The test of one provider (useTestTenantConnection, useTestAccountProvider). */
  test: ReturnType<typeof useTestTenantConnection>;
  /** Names the provider on the button, when the form has more than one. */
  label?: string;
}

/** Edit mode: asks a provider for a token with the saved settings. */
export function TestConnectionPanel({
  tenantId,
  test,
  label = texts.testConnection,
}: TestConnectionPanelProps) {
  const result = test.data;
  return (
    <Box sx={{ gridColumn: '1 / -1', display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2 }}>
        <BusyButton
          variant="outlined"
          onClick={() => test.mutate(tenantId)}
          busy={test.isPending}
          label={label}
          busyLabel={texts.testing}
          startIcon={<NetworkCheck />}
        />
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {texts.testConnectionHint}
        </Typography>
      </Box>
      {!test.isPending && result && (
        <Alert severity={result.ok ? 'success' : 'error'}>{result.message}</Alert>
      )}
      {!test.isPending && test.isError && (
        <Alert severity="error">{errorMessage(test.error, MESSAGES.auth.defaultError)}</Alert>
      )}
    </Box>
  );
}
