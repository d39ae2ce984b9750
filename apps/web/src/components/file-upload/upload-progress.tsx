import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { FILE_UPLOAD_TEXTS as texts } from './file-upload-texts.ts';

/** Determinate bar with the percent sent; at 100 % the server is still checking the rows. */
export function UploadProgress({ percent }: { percent: number }) {
  const processing = percent >= 100;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 0.5 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
        <LinearProgress
          variant="determinate"
          value={percent}
          aria-label={texts.progressLabel}
          sx={{ flex: 1, height: 8, borderRadius: 4 }}
        />
        <Typography variant="body2" sx={{ minWidth: 44, textAlign: 'right', fontWeight: 500 }}>
          {`${percent}%`}
        </Typography>
      </Box>
      <Typography variant="body2" role="status" sx={{ color: 'text.secondary' }}>
        {processing ? texts.processing : texts.uploading}
      </Typography>
    </Box>
  );
}
